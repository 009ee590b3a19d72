const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Tenant and user ids are uuids: anything else cannot exist, and must not reach the SQL as a uuid. */
export const isUuid = (id: string) => UUID.test(id);
