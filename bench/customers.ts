/**
 * Customers-list benchmark: a fresh portal with N customers (1,000 by default) and a few gateways each,
 * then the root home's calls through HTTP inject with a root session: the first page, a search, a sort by
 * online devices, a deep page and the CSV, each p50/p95.
 *
 *   node --import tsx bench/customers.ts [--backend embedded|real] [--customers 1000] [--gateways 5] [--runs 30]
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { fmt, machineLine, packageVersion, percentile } from './lib/conditions.ts';
import { BENCH_ROOT_PASSWORD, startBenchPortal } from './lib/in-process-portal.ts';

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'embedded' },
    customers: { type: 'string', default: '1000' },
    gateways: { type: 'string', default: '5' },
    runs: { type: 'string', default: '30' },
  },
});
const real = values.backend === 'real';
const customerCount = Math.min(20_000, Math.max(1, Number(values.customers)));
const gatewaysPerCustomer = Math.min(100, Math.max(0, Number(values.gateways)));
const runs = Math.min(1000, Math.max(1, Number(values.runs)));

const FIRMWARE = ['2024-01-15', '2024-03-02', '2024-06-30', '2025-01-10'];
const OS = ['5.4.1', '5.10.0', '6.1.2'];
const CHUNK = 500;

const load = loadavg()[0]!.toFixed(2);
const { portal, rootTenantId, close } = await startBenchPortal(real, { MQTT_CONSUMERS: '1' });
try {
  const { db } = portal.database;

  // Customers and their gateways, written straight into the fresh database: the benchmark is about reading.
  const loadStarted = performance.now();
  const tenantIds: string[] = [];
  for (let offset = 0; offset < customerCount; offset += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, customerCount - offset) }, (_, i) => {
      const n = offset + i;
      return {
        name: `Customer ${String(n).padStart(5, '0')}`,
        customer_id: `C${String(n).padStart(5, '0')}`,
        kind: 'customer' as const,
        parent_id: rootTenantId,
        ancestors: [rootTenantId],
        primary_theme_color: '#4190c7',
        secondary_theme_color: '#B0BF5D',
      };
    });
    const inserted = await db.insertInto('tenants').values(rows).returning('id').execute();
    tenantIds.push(...inserted.map((r) => r.id));
  }
  const gatewayRows = tenantIds.flatMap((tenantId, t) =>
    Array.from({ length: gatewaysPerCustomer }, (_, g) => ({
      mac: randomBytes(6).toString('hex').toUpperCase(),
      name: `GW ${t}-${g}`,
      tenant_id: tenantId,
      registered: true,
      connected: (t + g) % 3 !== 0,
      firmware: FIRMWARE[(t + (g % 2)) % FIRMWARE.length]!,
      os_version: OS[(t * 7 + g) % OS.length]!,
      updated_at: new Date(),
    })),
  );
  for (let offset = 0; offset < gatewayRows.length; offset += CHUNK) {
    await db
      .insertInto('gateways')
      .values(gatewayRows.slice(offset, offset + CHUNK))
      .execute();
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  const login = await portal.app.inject({
    method: 'POST',
    url: '/api/login/twoFactorKey/bench',
    payload: { email: 'admin@portal.local', password: BENCH_ROOT_PASSWORD },
  });
  const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;

  const deepPage = Math.max(0, Math.ceil(customerCount / 10) - 1);
  const calls: [label: string, url: string][] = [
    ['first page (10, by name)', '/api/customers'],
    ["search '2024-03' (firmware)", '/api/customers?search=2024-03'],
    ['sort by online devices, desc', '/api/customers?sortBy=onlineDevicesCount&sortOrder=desc'],
    [`deep page (page ${deepPage} of 10)`, `/api/customers?page=${deepPage}`],
    ['page of 100, by firmware', '/api/customers?pageSize=100&sortBy=firmwareVersion'],
    ['CSV (every customer)', '/api/customers/csv'],
  ];

  console.log(
    `customers benchmark — backend ${real ? `PostgreSQL + Mosquitto (pg ${packageVersion('pg')})` : `PGlite ${packageVersion('@electric-sql/pglite')} (embedded)`}`,
  );
  console.log(`machine: ${machineLine()}, load average before the run ${load}`);
  console.log(
    `conditions: ${customerCount.toLocaleString('en')} customers, ${gatewayRows.length.toLocaleString('en')} gateways (${gatewaysPerCustomer} each), loaded in ${loadSeconds.toFixed(1)} s; ${runs} runs per call after 3 warm-up runs, HTTP inject with a root session`,
  );
  for (const [label, url] of calls) {
    const durations: number[] = [];
    let detail = '';
    for (let i = 0; i < runs + 3; i++) {
      const started = performance.now();
      const response = await portal.app.inject({ method: 'GET', url, headers: { cookie } });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      if (i >= 3) durations.push(elapsed);
      if (i === 0) {
        detail = url.includes('/csv')
          ? `${response.body.split('\r\n').length - 2} rows, ${fmt.int(response.rawPayload.length / 1024)} KiB`
          : `${response.json().customers.length} rows of ${response.json().total}`;
      }
    }
    console.log(
      `${label.padEnd(32)} p50 ${fmt.ms(percentile(durations, 50)).padStart(7)}  p95 ${fmt.ms(percentile(durations, 95)).padStart(7)}  (${detail})`,
    );
  }
} finally {
  await close();
}
