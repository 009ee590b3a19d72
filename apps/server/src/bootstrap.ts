import { randomBytes } from 'node:crypto';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR, PERMISSIONS } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database, TenantKind } from './db/schema.ts';
import { hashPassword } from './lib/crypto.ts';
import type { GatewaysService, ProvisionDetails } from './modules/gateways/gateways.service.ts';
import { TenantsRepository } from './modules/tenants/tenants.repository.ts';
import { createUsersModule } from './modules/users/index.ts';

export const DEMO_CUSTOMER_NAME = 'Demo Customer';

/**
 * Seed of the demo gateways' simulation, fixed so that each demo gateway keeps its room, load pattern and
 * location across restarts, and its live samples continue the history written at the first start.
 */
export const DEMO_SIMULATION_SEED = 14_062;

const tenantDefaults = (name: string, customerId: string, kind: TenantKind, parent: string | null) => ({
  name,
  customer_id: customerId,
  kind,
  parent_id: parent,
  ancestors: parent ? [parent] : [],
  primary_theme_color: DEFAULT_PRIMARY_COLOR,
  secondary_theme_color: DEFAULT_SECONDARY_COLOR,
});

/** The advisory lock key that makes first starts of several instances on one database take turns. */
const SEEDING_LOCK = 740_020_001;

/**
 * First start on an empty database: the root tenant, the free-tier scope and the root administrator
 * (password from ROOT_PASSWORD, otherwise generated and printed once). Later starts change nothing. Instances
 * starting together on an empty database take turns (a transaction-scoped advisory lock): the first seeds,
 * the others then find the root tenant.
 */
export async function seedFirstStart(db: Kysely<Database>, config: Config, logger: Logger): Promise<void> {
  const generated = config.ROOT_PASSWORD ? null : randomBytes(12).toString('base64url');
  const created = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEEDING_LOCK})`.execute(trx);
    const tenants = new TenantsRepository(trx);
    if (await tenants.findByKind('root')) return false;
    const root = await tenants.insert(tenantDefaults('Platform Admin', 'ROOT', 'root', null));
    await tenants.insert(tenantDefaults('General Users', 'GENERAL', 'free_tier', root.id));
    await createUsersModule({ db: trx }).users.insertUser({
      tenant_id: root.id,
      email: config.ROOT_EMAIL.toLowerCase(),
      first_name: 'Root',
      last_name: 'Administrator',
      password_hash: await hashPassword(config.ROOT_PASSWORD ?? generated!),
      permissions: [...PERMISSIONS],
      is_root: true,
      owner: true,
    });
    return true;
  });
  if (!created) return;
  logger.info({ email: config.ROOT_EMAIL }, 'first start: root tenant and root administrator created');
  if (generated) {
    // Printed once, on the console only: it is not kept anywhere in clear.
    process.stdout.write(
      `\n  Root administrator: ${config.ROOT_EMAIL}\n  Generated password: ${generated}\n  (shown once; set ROOT_PASSWORD to choose it)\n\n`,
    );
  }
}

/** What registration would have recorded about demo gateway `i`: the last is left unregistered (REG 0). */
function demoDetails(i: number, count: number): ProvisionDetails {
  return {
    registered: i < count || count === 1,
    manufacturer: 'Demo Devices',
    manufactured_at: new Date(Date.UTC(2023, (i - 1) % 12, 1 + ((i * 7) % 28))),
    app_version: 158 + (i % 3),
    tags: i % 2 === 0 ? ['demo', `floor-${i}`] : ['demo'],
  };
}

/**
 * The demo customer and its gateways. Credentials are re-issued at every start, since only their
 * digests are stored; the in-process simulator uses them.
 */
export async function prepareDemo(
  db: Kysely<Database>,
  gateways: GatewaysService,
  count: number,
): Promise<{ tenantId: string; devices: { mac: string; password: string; scopeId: string }[] }> {
  const tenants = new TenantsRepository(db);
  const root = await tenants.findByKind('root');
  if (!root) throw new Error('root tenant missing: seedFirstStart must run first');
  const demo =
    (await tenants.findByName(DEMO_CUSTOMER_NAME)) ??
    (await tenants.insert(tenantDefaults(DEMO_CUSTOMER_NAME, 'DEMO', 'customer', root.id)));
  const devices = [];
  for (let i = 1; i <= count; i++) {
    const mac = `DE${i.toString(16).toUpperCase().padStart(10, '0')}`;
    const credential = await gateways.provision(demo.id, mac, `Demo Gateway ${i}`, demoDetails(i, count));
    devices.push({ ...credential, scopeId: demo.id });
  }
  return { tenantId: demo.id, devices };
}
