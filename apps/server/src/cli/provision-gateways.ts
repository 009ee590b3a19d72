/**
 * Registers gateways and prints their credentials as JSON (the simulator's --credentials file):
 *
 *   npm run provision -w @portal/server -- --scope <tenant id or customer id> --count 10 > creds.json
 *
 * With --unregistered the gateways wait (REG 0) for the portal's registration form; --manufacturer names who
 * made them. A customer being deleted takes no gateway.
 *
 * It uses the same DATA_DIR / DATABASE_URL as the server. The embedded database is one process's at a
 * time: stop the portal first when it runs on PGlite. A credential is shown only here, once.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/database.ts';
import { GatewaysRepository } from '../modules/gateways/gateways.repository.ts';
import { GatewaysService } from '../modules/gateways/gateways.service.ts';
import { TenantsRepository } from '../modules/tenants/tenants.repository.ts';

const { values } = parseArgs({
  options: {
    scope: { type: 'string' },
    count: { type: 'string', default: '1' },
    name: { type: 'string', default: 'Gateway' },
    manufacturer: { type: 'string' },
    // Left for the portal's registration form to complete (REG 0).
    unregistered: { type: 'boolean', default: false },
  },
});
const count = Number(values.count);
if (!values.scope || !Number.isInteger(count) || count < 1 || count > 10_000) {
  process.stderr.write(
    'usage: provision-gateways --scope <tenant id or customer id> [--count 1..10000] [--name Gateway]' +
      ' [--manufacturer Name] [--unregistered]\n',
  );
  process.exit(2);
}

const config = loadConfig();
const logger = pino({ level: 'warn' });
const database = await openConfiguredDatabase(config, logger);
try {
  const tenants = new TenantsRepository(database.db);
  const scope =
    (/^[0-9a-f-]{36}$/i.test(values.scope) ? await tenants.findById(values.scope) : undefined) ??
    (await tenants.findByCustomerId(values.scope));
  if (!scope) throw new Error(`No customer with id or customer id '${values.scope}'`);
  // Devices connected to an embedded broker of another process are not told; they are new anyway.
  const gateways = new GatewaysService(new GatewaysRepository(database.db), { publish: () => {} });
  const credentials = [];
  for (let i = 1; i <= count; i++) {
    // 02 marks a locally administered address, so it cannot collide with a vendor's MAC.
    const mac = `02${randomBytes(5).toString('hex').toUpperCase()}`;
    const { password } = await gateways.provision(scope.id, mac, `${values.name} ${mac.slice(-4)}`, {
      registered: !values.unregistered,
      ...(values.manufacturer ? { manufacturer: values.manufacturer } : {}),
    });
    credentials.push({ mac, password, scopeId: scope.id });
  }
  process.stdout.write(`${JSON.stringify(credentials, null, 2)}\n`);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
