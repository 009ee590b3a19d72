import {
  customerMessages,
  DEFAULT_PERMISSIONS,
  DELETION_STEPS,
  type DeletionStep,
  live,
  type ScopesLiveMessage,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import type { Portal } from '../../../test/harness.ts';
import {
  injectAs,
  randomMac,
  sharedPortal,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';
import { TenantsRepository } from '../tenants/tenants.repository.ts';
import { createUsersModule } from '../users/index.ts';
import type { DeletionJob } from './customer-deletion.schemas.ts';

// Helpers of the customer deletion integration tests.

export const DELETER = [...DEFAULT_PERMISSIONS, 'SCOPE_READ', 'SCOPE_DELETE', 'SCOPE_UPDATE', 'SCOPE_WRITE'];

export const startDeletion = (portal: TestPortal, cookie: string, tenantId: string) =>
  injectAs(portal, cookie, 'POST', `/api/customers/${tenantId}/deletion`);

export const latestJob = async (portal: TestPortal, cookie: string, tenantId: string) => {
  const response = await injectAs(portal, cookie, 'GET', `/api/customers/${tenantId}/deletion`);
  return response.statusCode === 200 ? (response.json() as DeletionJob) : undefined;
};

export const jobRows = (portal: TestPortal, tenantId: string) =>
  portal.database.db
    .withTables<{ customer_deletions: { id: string; tenant_id: string; attempts: number } }>()
    .selectFrom('customer_deletions')
    .select(['id', 'attempts'])
    .where('tenant_id', '=', tenantId)
    .execute();

export const waitDone = (portal: TestPortal, cookie: string, tenantId: string) =>
  waitFor(
    async () => {
      const job = await latestJob(portal, cookie, tenantId);
      return job && job.state !== 'running' ? job : undefined;
    },
    15_000,
    () => 'the deletion did not finish',
  );

export const okSteps = (through: DeletionStep) =>
  DELETION_STEPS.slice(0, DELETION_STEPS.indexOf(through)).map((step) => `running ${step}`);
export const fullTrail = [...okSteps('removeScope'), `done removeScope ${customerMessages.deleted}`];

/** A portal of its own that checks live sessions every 0.2 s, root's session, and the root tenant's id. */
export function startDeletionPortal() {
  return startPortal({ LIVE_SESSION_CHECK_SECONDS: '0.2' }).then(withRoot);
}

/** The worker's shared portal (live sessions checked at the default pace), root's session, the root tenant's id. */
export function sharedDeletionPortal() {
  return sharedPortal().then(withRoot);
}

async function withRoot(portal: TestPortal) {
  const rootCookie = await signIn(portal);
  const rootId = (await new TenantsRepository(portal.database.db).findByKind('root'))!.id;
  return { portal, rootCookie, rootId };
}

/**
 * A browser's live connection on /mqtt, as the web app opens it, recording the scopes channel of `scopeId`
 * and, for root (no e-mail given), its customer-deletion channel too.
 */
export async function watchScopes(
  portal: Portal & { baseUrl: string },
  scopeId: string,
  email?: string,
  password?: string,
): Promise<{ client: MqttClient; messages: ScopesLiveMessage[] }> {
  const cookie = await signIn(portal, email, password);
  const watcher = await watchLive<ScopesLiveMessage>(portal, cookie, live.scopes(scopeId));
  if (email === undefined) await watcher.client.subscribeAsync(live.customerDeletion(scopeId), { qos: 1 });
  return watcher;
}

/** The deletion messages about one customer, as `state step [message]`, in arrival order. */
export function deletionTrail(messages: ScopesLiveMessage[], customerId: string): string[] {
  return messages.flatMap((m) =>
    m.type === 'deletion' && m.id === customerId
      ? [`${m.state} ${m.step}${m.message ? ` ${m.message}` : ''}`]
      : [],
  );
}

/** `count` more users (no password) in the tenant. */
export async function addUsers(portal: Portal, tenantId: string, label: string, count: number) {
  const { users } = createUsersModule({ db: portal.database.db });
  for (let i = 0; i < count; i++) {
    await users.insertUser({
      tenant_id: tenantId,
      email: `${label.toLowerCase()}-${i}-${randomMac().toLowerCase()}@test.local`,
      first_name: label,
      last_name: `Extra ${i}`,
      password_hash: null,
      permissions: [],
    });
  }
}

/** `count` registered gateways in the tenant; their MACs. */
export async function addGateways(portal: Portal, tenantId: string, count: number): Promise<string[]> {
  const macs: string[] = [];
  for (let i = 0; i < count; i++) {
    const mac = randomMac();
    await portal.services.gateways.provision(tenantId, mac, `Gateway ${i}`);
    macs.push(mac);
  }
  return macs;
}

/** Where the tenant's things are now. */
export async function snapshot(portal: Portal, tenantId: string, macs: string[]) {
  const db = portal.database.db;
  const tenant = await db
    .selectFrom('tenants')
    .select(['id', 'status'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
  const users = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const gateways = await db
    .selectFrom('gateways')
    .select(['mac', 'tenant_id', 'registered'])
    .where('mac', 'in', macs)
    .orderBy('mac')
    .execute();
  return {
    status: tenant?.status ?? null,
    users: Number(users.n),
    gatewayTenants: [...new Set(gateways.map((g) => g.tenant_id))],
    gatewaysRegistered: [...new Set(gateways.map((g) => g.registered))],
  };
}
