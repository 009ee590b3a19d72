import { DEFAULT_PERMISSIONS, type GatewaySummary, type TenantKind } from '@portal/contract';
import { sql } from 'kysely';
import {
  createCustomerWithUser,
  injectAs,
  randomMac,
  sharedPortal,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';
import { TenantsRepository } from '../tenants/tenants.repository.ts';

// Helpers of the gateway registry integration tests.

export const WRITER_PERMISSIONS = [
  ...DEFAULT_PERMISSIONS,
  'IOT_DEVICE_READ',
  'IOT_DEVICE_WRITE',
  'IOT_DEVICE_SCOPE_MIGRATE',
];

async function customer(
  portal: TestPortal,
  label: string,
  options: { parentId?: string; permissions?: string[] } = {},
) {
  const created = await createCustomerWithUser(portal, label, {
    permissions: WRITER_PERMISSIONS,
    ...options,
  });
  return { ...created, cookie: await signIn(portal, created.email, created.password) };
}

/**
 * The worker's shared portal with customers of the file's own, Alpha (and its child AlphaSub) and Beta, whose
 * users may read, write and migrate gateways; a reader of Alpha without IOT_DEVICE_WRITE and
 * IOT_DEVICE_SCOPE_MIGRATE; root signed in.
 */
export async function sharedRegistryPortal() {
  const portal = await sharedPortal();
  const alpha = await customer(portal, 'Alpha');
  const alphaSub = await customer(portal, 'AlphaSub', { parentId: alpha.tenant.id });
  const beta = await customer(portal, 'Beta');
  const reader = await customer(portal, 'Reader', {
    parentId: alpha.tenant.id,
    permissions: [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ'],
  });
  return { portal, alpha, alphaSub, beta, reader, root: await signIn(portal) };
}

/** The registry calls as the browser makes them. */
export function registryCalls(portal: () => TestPortal) {
  return {
    register: (cookie: string, payload: Record<string, unknown>) =>
      injectAs(portal(), cookie, 'PUT', '/api/gateway/register-gateway', { payload }),
    update: (cookie: string, mac: string, payload: Record<string, unknown>) =>
      injectAs(portal(), cookie, 'PUT', `/api/update-gateway/${mac}`, { payload }),
    assignScope: (cookie: string, id: string, scopeId: string) =>
      injectAs(portal(), cookie, 'POST', `/api/gateway/${id}/assign-scope/${scopeId}`),
    migrate: (cookie: string, deviceId: string, scopeId: string) =>
      injectAs(portal(), cookie, 'POST', '/api/migrateGateway', { payload: { deviceId, scopeId } }),
    deleteOffline: (cookie: string, offlineGateways: string[], scopeId: string) =>
      injectAs(portal(), cookie, 'PUT', '/api/deleteOfflineGateways', {
        payload: { offlineGateways, scopeId },
      }),
    /** The gateway as the fleet views list it (root sees every one). */
    async listed(cookie: string, scopeId: string, mac: string): Promise<GatewaySummary | undefined> {
      const response = await injectAs(portal(), cookie, 'GET', '/api/gateway/get-gateways', {
        query: { scopeId },
      });
      return (response.json() as GatewaySummary[]).find((g) => g.macId === mac);
    },
  };
}

/** The stored gateway row, or undefined. */
export const gatewayRow = (portal: TestPortal, mac: string) =>
  portal.database.db.selectFrom('gateways').selectAll().where('mac', '=', mac).executeTakeFirst();

/** A provisioned gateway (REG 1 unless told otherwise) of `tenantId`; answers its MAC, id and credential. */
export async function provisioned(
  portal: TestPortal,
  tenantId: string,
  options: { registered?: boolean } = {},
) {
  const { mac, password } = await portal.services.gateways.provision(tenantId, randomMac(), 'Gateway', {
    registered: options.registered ?? true,
  });
  const row = await gatewayRow(portal, mac);
  return { mac, password, id: row!.id };
}

/** The tenant of this kind; created under root when the seed has none (the support tenant). */
export async function tenantOfKind(portal: TestPortal, kind: TenantKind) {
  const tenants = new TenantsRepository(portal.database.db);
  const found = await tenants.findByKind(kind);
  if (found) return found;
  const root = (await tenants.findByKind('root'))!;
  return tenants.insert({
    name: `${kind} ${randomMac()}`,
    customer_id: `${kind}-${randomMac()}`,
    kind,
    parent_id: root.id,
    ancestors: [root.id],
    primary_theme_color: '#123456',
    secondary_theme_color: '#ffffff',
  });
}

export const markDeletePending = (portal: TestPortal, tenantId: string) =>
  sql`UPDATE tenants SET status = 'DELETE_PENDING' WHERE id = ${tenantId}`.execute(portal.database.db);
