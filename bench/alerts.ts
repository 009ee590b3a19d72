/**
 * Alert engine benchmark: a fleet of gateways (2,000 by default, 10 per customer) sending one sample every
 * 5 s, with 10 sensor alert rules per customer. Prints the ingest rate with the engine evaluating those rules
 * as a ratio of the rate with no rules (the engine then does nothing per message), in capacity (closed loop)
 * and at the fleet's cadence, and the time from the end of an alert's waiting time to the SMTP server
 * accepting its mail (p50/p95).
 *
 *   node --import tsx bench/alerts.ts [--gateways 2000] [--per-tenant 10] [--seconds 5] [--backend embedded|real]
 *
 * Messages enter at the ingest entry point (`inbox.handle`, what the broker calls for each device message),
 * so the figures are the pipeline's and the engine's, not the broker's.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { deviceUp } from '@portal/contract';
import { sql } from 'kysely';
import type { AlertRule } from '../apps/server/src/modules/alert-engine/index.ts';
import { TenantsRepository } from '../apps/server/src/modules/tenants/tenants.repository.ts';
import { randomMac } from '../apps/server/test/harness.ts';
import { startSmtp } from '../apps/server/test/smtp.ts';
import { startBenchPortal } from './lib/in-process-portal.ts';

const { values } = parseArgs({
  options: {
    gateways: { type: 'string', default: '2000' },
    'per-tenant': { type: 'string', default: '10' },
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '32' },
    backend: { type: 'string', default: 'embedded' },
  },
});
const gatewayCount = Number(values.gateways);
const perTenant = Number(values['per-tenant']);
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const real = values.backend === 'real';
const CADENCE_MS = 5_000;

const smtp = await startSmtp();
const { portal, close } = await startBenchPortal(real, { SMTP_URL: smtp.url, DEVICE_MAX_RATE: '1000' });
const db = portal.database.db;

// Customers of `perTenant` gateways each.
const tenantIds: string[] = [];
const tenantsRepo = new TenantsRepository(db);
const root = (await tenantsRepo.findByKind('root'))!;
const devices: { mac: string; tenantId: string }[] = [];
for (let t = 0; t < Math.ceil(gatewayCount / perTenant); t++) {
  const tenant = await tenantsRepo.insert({
    name: `Bench ${t}`,
    customer_id: `BENCH-${t}-${Date.now()}`,
    kind: 'customer',
    parent_id: root.id,
    ancestors: [root.id],
    primary_theme_color: '#123456',
    secondary_theme_color: '#ffffff',
  });
  tenantIds.push(tenant.id);
  for (let g = 0; g < perTenant && devices.length < gatewayCount; g++) {
    const mac = randomMac();
    await portal.services.gateways.provision(tenant.id, mac, `B${t}-${g}`);
    devices.push({ mac, tenantId: tenant.id });
  }
}

// Ten rules per customer over the sample's keys; CO2 above 1500 for 1 % of the gateways fires (2 s waiting).
const RULES: [string, 'HIGH' | 'LOW', number][] = [
  ['HIGH_CO2', 'HIGH', 1500],
  ['HIGH_TEMP', 'HIGH', 40],
  ['HIGH_TEMP', 'LOW', 0],
  ['HIGH_CPU', 'HIGH', 95],
  ['HIGH_MEMORY_USAGE', 'HIGH', 95],
  ['HIGH_NH3', 'HIGH', 400],
  ['HIGH_NO2', 'HIGH', 9],
  ['HIGH_CO', 'HIGH', 900],
  ['HIGH_RSTC', 'HIGH', 450_000],
  ['HIGH_TVOC', 'HIGH', 590],
];
const rules: AlertRule[] = tenantIds.flatMap((tenantId, t) =>
  RULES.map(([type, thresholdType, threshold], r) => ({
    id: `bench-${t}-${r}`,
    tenantId,
    name: `${type} ${thresholdType}`,
    kind: 'sensor' as const,
    type,
    thresholdType,
    threshold,
    waitingSeconds: 2,
    repeatIntervalDays: null,
    scheduleDays: null,
    receivers: [
      {
        userId: `u${t}`,
        name: 'Ops',
        email: `ops-${t}@bench.local`,
        phone: null,
        email_on: true,
        sms_on: false,
      },
    ],
    emailAlert: true,
    smsAlert: false,
  })),
);
let active: AlertRule[] = [];
const listeners: ((tenantId: string) => void)[] = [];
portal.alertEngine.attachRules({
  rulesForTenants: async (ids) => active.filter((rule) => ids.includes(rule.tenantId)),
  rulesReaching: async (ids) => new Map(ids.map((id) => [id, active.filter((rule) => rule.tenantId === id)])),
  onChanged: (listener) => listeners.push(listener),
});
const setRules = (next: AlertRule[]) => {
  active = next;
  for (const id of tenantIds) for (const listener of listeners) listener(id);
};

const hot = new Set(devices.filter((_, i) => i % 100 === 0).map((d) => d.mac));
const sample = (mac: string) => ({
  TI: Date.now(),
  CO2: hot.has(mac) ? 1800 : 600 + Math.random() * 400,
  TEMP: 20 + Math.random() * 5,
  CP: 20 + Math.random() * 30,
  MM: 30 + Math.random() * 20,
  NH3: 10 + Math.random() * 10,
  NO2: 1,
  CO: 5,
  RSTC: 100_000,
  TVOC: 200,
});
const send = (d: { mac: string; tenantId: string }) =>
  portal.inbox.handle(
    d,
    deviceUp.telemetry(d.mac),
    Buffer.from(JSON.stringify({ samples: [sample(d.mac)] })),
  );

/** Closed loop: `concurrency` messages in flight, gateways in turn; messages stored per second. */
async function capacity(): Promise<number> {
  let next = 0;
  let done = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await send(devices[next++ % devices.length]!);
        done++;
      }
    }),
  );
  await portal.inbox.drain();
  return done / seconds;
}

/** Open loop at the fleet's cadence (each gateway every 5 s): offered and handled per second, lag p95. */
async function paced(): Promise<{ offered: number; handled: number; lagP95: number }> {
  const lags: number[] = [];
  const start = performance.now();
  const interval = CADENCE_MS / devices.length;
  const total = Math.floor((seconds * 1000) / interval);
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const sent = performance.now();
    inFlight.push(send(devices[i % devices.length]!).then(() => void lags.push(performance.now() - sent)));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  lags.sort((a, b) => a - b);
  return {
    offered: total / seconds,
    handled: total / elapsed,
    lagP95: lags[Math.floor(lags.length * 0.95)] ?? 0,
  };
}

await capacity(); // warm-up: JIT, pools, caches
// Capacity in the order without, with, with, without (ABBA), so a drift (the tables growing, the machine's
// load) weighs on both alike; each is the mean of its two runs.
const runs: Record<'with' | 'without', number[]> = { with: [], without: [] };
for (const phase of ['without', 'with', 'with', 'without'] as const) {
  setRules(phase === 'with' ? rules : []);
  runs[phase].push(await capacity());
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const withoutCapacity = mean(runs.without);
const withCapacity = mean(runs.with);
setRules([]);
const withoutPaced = await paced();
setRules(rules);
const withPaced = await paced();
// The engine alone on a message that changes nothing (the common case): CPU time per message.
const calm = devices.filter((d) => !hot.has(d.mac));
const engineStarted = performance.now();
const EVALUATIONS = 20_000;
for (let i = 0; i < EVALUATIONS; i++) {
  const d = calm[i % calm.length]!;
  await portal.alertEngine.engine.samples(d, [sample(d.mac)]);
}
const perMessageUs = ((performance.now() - engineStarted) * 1000) / EVALUATIONS;
// Let the pending alerts of the hot gateways fire and their mail go out.
await new Promise((r) => setTimeout(r, 4000));

const delays = await sql<{ ms: number }>`
  SELECT EXTRACT(EPOCH FROM (o.sent_at - i.fire_at)) * 1000 AS ms
  FROM alert_notifications n JOIN alert_incidents i ON i.id = n.incident_id JOIN outbox o ON o.id = n.outbox_id
  WHERE n.event = 'fired' AND o.sent_at IS NOT NULL`.execute(db);
const ms = delays.rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
const pct = (p: number) =>
  ms.length ? ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(0) : 'n/a';
const incidents = await db
  .selectFrom('alert_incidents')
  .select(sql<number>`count(*)`.as('n'))
  .executeTakeFirst();

console.log(
  `alert engine benchmark — backend ${real ? 'PostgreSQL + Mosquitto' : 'PGlite + Aedes (embedded)'}`,
);
console.log(
  `conditions: ${devices.length} gateways, ${tenantIds.length} customers x ${RULES.length} rules, ${seconds} s per phase, ${concurrency} in flight (capacity), ${cpus().length} cores, node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${new Date().toISOString()}`,
);
console.log(
  `capacity: ${withoutCapacity.toFixed(0)} msg/s without rules (${runs.without.map((r) => r.toFixed(0)).join(', ')}), ${withCapacity.toFixed(0)} msg/s with the engine (${runs.with.map((r) => r.toFixed(0)).join(', ')}): ratio ${(withCapacity / withoutCapacity).toFixed(2)}`,
);
console.log(
  `5 s cadence (${withoutPaced.offered.toFixed(0)} msg/s offered): handled ${withoutPaced.handled.toFixed(0)} / ${withPaced.handled.toFixed(0)} msg/s (ratio ${(withPaced.handled / withoutPaced.handled).toFixed(2)}), handle p95 ${withoutPaced.lagP95.toFixed(1)} / ${withPaced.lagP95.toFixed(1)} ms`,
);
console.log(
  `engine alone, a message that changes nothing (${RULES.length} rules): ${perMessageUs.toFixed(1)} µs`,
);
console.log(
  `end of waiting time -> SMTP accepted the mail: ${ms.length} mails, p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms (${incidents?.n ?? 0} incidents)`,
);

await close();
await smtp.close();
process.exit(0);
