import type { FileStore, FirmwareKind } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface StoredFile extends FileStore {
  kind: FirmwareKind;
  storageKey: string;
}

interface FileRow {
  id: string;
  kind: string;
  type: string;
  name: string;
  file_name: string;
  version: string;
  description: string;
  size: string | number;
  sha256: string;
  storage_key: string;
  created_at: Date | string;
}

const toFile = (row: FileRow): StoredFile => ({
  id: row.id,
  kind: row.kind as FirmwareKind,
  type: row.type,
  name: row.name,
  fileName: row.file_name,
  version: row.version,
  description: row.description,
  size: Number(row.size),
  sha256: row.sha256,
  storageKey: row.storage_key,
  date: new Date(row.created_at).toISOString(),
});

export const publicFile = ({ kind: _kind, storageKey: _key, ...file }: StoredFile): FileStore => file;

const FILE_COLUMNS = [
  'id',
  'kind',
  'type',
  'name',
  'file_name',
  'version',
  'description',
  'size',
  'sha256',
  'storage_key',
  'created_at',
] as const;

/** The stored versions, the versions applied to each customer and the downgrade gate. */
export class FirmwareRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The new version; null when the kind already has it (the unique key decides, not a prior read). */
  async insertFile(row: {
    kind: FirmwareKind;
    type: string;
    name: string;
    fileName: string;
    version: string;
    order: number;
    description: string;
    size: number;
    sha256: string;
    storageKey: string;
    uploadedBy: string;
  }): Promise<StoredFile | null> {
    const inserted = await this.db
      .insertInto('firmware_files')
      .values({
        kind: row.kind,
        type: row.type,
        name: row.name,
        file_name: row.fileName,
        version: row.version,
        version_order: String(row.order),
        description: row.description,
        size: row.size,
        sha256: row.sha256,
        storage_key: row.storageKey,
        uploaded_by: row.uploadedBy,
      })
      .onConflict((oc) => oc.columns(['kind', 'version']).doNothing())
      .returning(FILE_COLUMNS)
      .executeTakeFirst();
    return inserted ? toFile(inserted) : null;
  }

  async versionExists(kind: FirmwareKind, version: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('firmware_files')
      .select('id')
      .where('kind', '=', kind)
      .where('version', '=', version)
      .executeTakeFirst();
    return Boolean(row);
  }

  async listFiles(kind: FirmwareKind): Promise<StoredFile[]> {
    const rows = await this.db
      .selectFrom('firmware_files')
      .select(FILE_COLUMNS)
      .where('kind', '=', kind)
      .orderBy('version_order', 'desc')
      .execute();
    return rows.map(toFile);
  }

  async findFile(id: string): Promise<StoredFile | null> {
    const row = await this.db
      .selectFrom('firmware_files')
      .select(FILE_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toFile(row) : null;
  }

  /** Versions applied to each customer in `tenantIds` (null: every customer), latest first. */
  async versionsByTenant(kind: FirmwareKind, tenantIds: string[] | null): Promise<Map<string, StoredFile[]>> {
    if (tenantIds && tenantIds.length === 0) return new Map();
    let query = this.db
      .selectFrom('firmware_assignments as a')
      .innerJoin('firmware_files as f', 'f.id', 'a.file_id')
      .select(['a.tenant_id', ...FILE_COLUMNS.map((c) => `f.${c}` as const)])
      .where('a.kind', '=', kind)
      .orderBy('f.version_order', 'desc');
    if (tenantIds) query = query.where('a.tenant_id', 'in', tenantIds);
    const byTenant = new Map<string, StoredFile[]>();
    for (const row of await query.execute()) {
      const list = byTenant.get(row.tenant_id) ?? [];
      list.push(toFile(row));
      byTenant.set(row.tenant_id, list);
    }
    return byTenant;
  }

  /** Each customer's highest version ever applied of the kind (kept when that version is deleted). */
  async latestOrders(kind: FirmwareKind, tenantIds: string[]): Promise<Map<string, number>> {
    if (tenantIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('firmware_latest')
      .select(['tenant_id', 'version_order'])
      .where('kind', '=', kind)
      .where('tenant_id', 'in', tenantIds)
      .execute();
    return new Map(rows.map((r) => [r.tenant_id, Number(r.version_order)]));
  }

  /**
   * Raises the customer's latest version to the file's, in one statement: false (and nothing changed) when the
   * customer already has this version or a higher one. Run inside the apply transaction.
   */
  static async raiseLatest(
    trx: Kysely<Database>,
    tenantId: string,
    file: StoredFile,
    order: number,
  ): Promise<boolean> {
    const result = await sql<{ tenant_id: string }>`
      INSERT INTO firmware_latest (tenant_id, kind, version, version_order, file_id, applied_at)
      VALUES (${tenantId}, ${file.kind}, ${file.version}, ${String(order)}, ${file.id}, now())
      ON CONFLICT (tenant_id, kind) DO UPDATE
        SET version = EXCLUDED.version, version_order = EXCLUDED.version_order,
            file_id = EXCLUDED.file_id, applied_at = EXCLUDED.applied_at
        WHERE firmware_latest.version_order < EXCLUDED.version_order
      RETURNING tenant_id`.execute(trx);
    if (result.rows.length === 0) return false;
    await trx
      .insertInto('firmware_assignments')
      .values({ tenant_id: tenantId, file_id: file.id, kind: file.kind })
      .onConflict((oc) => oc.columns(['tenant_id', 'file_id']).doNothing())
      .execute();
    return true;
  }

  /**
   * Deletes the kind's listed versions, all or none: when a running or paused rollout uses one of them, nothing
   * is deleted and those rollouts are answered instead. The versions' rows are locked first, so an apply
   * starting a rollout of one of them meanwhile is either seen here or fails on the deleted row.
   */
  async deleteVersions(
    kind: FirmwareKind,
    versions: string[],
  ): Promise<{
    deleted: { version: string; storageKey: string }[];
    inUse: { version: string; status: 'running' | 'paused'; tenantId: string }[];
  }> {
    return this.db.transaction().execute(async (trx) => {
      const files = await trx
        .selectFrom('firmware_files')
        .select('id')
        .where('kind', '=', kind)
        .where('version', 'in', versions)
        .forUpdate()
        .execute();
      const ids = files.map((f) => f.id);
      if (ids.length === 0) return { deleted: [], inUse: [] };
      const inUse = await trx
        .selectFrom('firmware_rollouts')
        .select(['version', 'status', 'tenant_id'])
        .where('file_id', 'in', ids)
        .where('status', 'in', ['running', 'paused'])
        .orderBy('created_at')
        .execute();
      if (inUse.length > 0) {
        return {
          deleted: [],
          inUse: inUse.map((r) => ({
            version: r.version,
            status: r.status as 'running' | 'paused',
            tenantId: r.tenant_id,
          })),
        };
      }
      const deleted = await trx
        .deleteFrom('firmware_files')
        .where('id', 'in', ids)
        .returning(['version', 'storage_key'])
        .execute();
      return { deleted: deleted.map((r) => ({ version: r.version, storageKey: r.storage_key })), inUse: [] };
    });
  }

  /**
   * Each listed customer's latest applied version per kind that still exists: the versions assigned to its
   * gateways. A deleted version's assignments go with it (firmware_assignments cascades in the deleting
   * statement), so the customer is assigned the latest one left, or none; the downgrade gate
   * (firmware_latest) still remembers the deleted one.
   */
  async assignedVersions(tenantIds: string[]): Promise<Map<string, Partial<Record<FirmwareKind, string>>>> {
    const byTenant = new Map<string, Partial<Record<FirmwareKind, string>>>();
    if (tenantIds.length === 0) return byTenant;
    const result = await sql<{ tenant_id: string; kind: FirmwareKind; version: string }>`
      SELECT DISTINCT ON (a.tenant_id, a.kind) a.tenant_id, a.kind, f.version
      FROM firmware_assignments a JOIN firmware_files f ON f.id = a.file_id
      WHERE a.tenant_id = ANY(${tenantIds}::uuid[])
      ORDER BY a.tenant_id, a.kind, f.version_order DESC`.execute(this.db);
    for (const row of result.rows)
      byTenant.set(row.tenant_id, { ...byTenant.get(row.tenant_id), [row.kind]: row.version });
    return byTenant;
  }

  /**
   * The customer app version each listed gateway last reported in an update (`booted` or `rolledBack`): a
   * gateway's state does not carry it (docs/mqtt.md 3.8).
   */
  async reportedCustomerApps(macs: string[]): Promise<Map<string, string>> {
    if (macs.length === 0) return new Map();
    const result = await sql<{ gateway_mac: string; reported_version: string }>`
      SELECT DISTINCT ON (t.gateway_mac) t.gateway_mac, t.reported_version
      FROM firmware_rollout_targets t JOIN firmware_rollouts r ON r.id = t.rollout_id
      WHERE r.kind = 'customerFw' AND t.reported_version IS NOT NULL
        AND t.gateway_mac = ANY(${macs}::text[])
      ORDER BY t.gateway_mac, coalesce(t.booted_at, t.progress_at, r.created_at) DESC`.execute(this.db);
    return new Map(result.rows.map((r) => [r.gateway_mac, r.reported_version]));
  }

  /** Every customer tenant id (root's view of the customer list). */
  async tenantNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('tenants').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
