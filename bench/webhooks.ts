/**
 * Webhook fan-out benchmark (issue 31, docs/webhooks.md): one customer with `--endpoints` webhooks (10), each to its
 * own node:http receiver on 127.0.0.1 that checks the signature and records the event and its arrival; `notable`
 * events emitted on the portal's bus at `--rate` per second (1,000, open loop) for `--seconds`. Prints delivered
 * / expected, duplicates, emit -> receiver latency p50/p95/p99, the delivered rate and CPU. Then the restart
 * phase: events at the same rate, the portal closed (app.close) half-way and a new one started on the same
 * database, the emission going on into it; every event must reach every receiver (duplicates counted, allowed
 * by at-least-once).
 *
 *   node --import tsx bench/webhooks.ts [--backend embedded|real] [--rate 1000] [--seconds 20] [--endpoints 10]
 *     [--restart-seconds 10] [--drain-seconds 60] [--kill yes] [--batch 100 [--batch-ms 100]]
 *
 * `--batch N`: the webhooks take batched delivery, up to N events a request or `--batch-ms` after the first; the
 * receivers record each event of a batch, so the figures stay per event and endpoint.
 * `--kill yes` (PostgreSQL): then a portal in a child process takes the emission and is killed with SIGKILL
 * half-way; every event it had stored must reach every receiver through this portal's sweep (about 2-3 minutes).
 *
 * The receivers run in a child process (bench/lib/webhook-receivers.ts), so the portal's CPU (with the emitter's,
 * which is small) is this process's; times are epoch milliseconds with sub-millisecond parts in both.
 */

import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Portal } from '../apps/server/src/app.ts';
import { WebhooksRepository } from '../apps/server/src/modules/webhooks/webhooks.repository.ts';
import { endBrokerSessions, REAL_MQTT } from '../apps/server/test/harness.ts';
import { insertBenchCustomer, startBenchPortal } from './lib/in-process-portal.ts';
import { cpuBetween, cpuSnapshot } from './lib/proc.ts';

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'embedded' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '20' },
    endpoints: { type: 'string', default: '10' },
    'restart-seconds': { type: 'string', default: '10' },
    'drain-seconds': { type: 'string', default: '60' },
    kill: { type: 'string', default: 'no' },
    batch: { type: 'string', default: '0' },
    'batch-ms': { type: 'string', default: '100' },
  },
});
const real = values.backend === 'real';
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const endpointCount = Number(values.endpoints);
const restartSeconds = Number(values['restart-seconds']);
const drainSeconds = Number(values['drain-seconds']);
/** Batched delivery (docs/webhooks.md): up to `--batch` events a request or `--batch-ms` after the first; 0: none. */
const batchMaxEvents = Number(values.batch);
const batchMaxMs = Number(values['batch-ms']);

/** Each event's emit time (epoch ms, sub-millisecond), by its sequence number (the event's data.seq). */
const emitted = new Map<number, number>();
const now = () => performance.timeOrigin + performance.now();
let badSignatures = 0;

/** Arrival times by event sequence number, per receiver; more than one is a duplicate. */
const arrivals: Map<number, number[]>[] = Array.from({ length: endpointCount }, () => new Map());
const child: ChildProcess = fork(
  fileURLToPath(new URL('./lib/webhook-receivers.ts', import.meta.url)),
  [String(endpointCount)],
  {
    execArgv: ['--import', 'tsx'],
  },
);
let cpuAnswer: ((ms: number) => void) | undefined;
const receivers = await new Promise<{ url: string; secret: string }[]>((resolve) => {
  child.on(
    'message',
    (message: {
      ready?: { url: string; secret: string }[];
      arrivals?: number[];
      badSignatures?: number;
      cpuMs?: number;
    }) => {
      if (message.ready) resolve(message.ready);
      if (message.cpuMs !== undefined) cpuAnswer?.(message.cpuMs);
      badSignatures += message.badSignatures ?? 0;
      const list = message.arrivals ?? [];
      for (let i = 0; i < list.length; i += 3) {
        const byEvent = arrivals[list[i]!]!;
        const seq = list[i + 1]!;
        const at = list[i + 2]!;
        const times = byEvent.get(seq);
        if (times) times.push(at);
        else byEvent.set(seq, [at]);
      }
    },
  );
});
const receiversCpuMs = () =>
  new Promise<number>((resolve) => {
    cpuAnswer = resolve;
    child.send({ cpu: true });
  });

const bench = await startBenchPortal(real, { OUTBOUND_ALLOW_NETWORKS: '127.0.0.0/8' });
let portal: Portal = bench.portal;
const tenantId = await insertBenchCustomer(portal, bench.rootTenantId, 'Hooks', `HOOKS-${Date.now()}`);
const repo = new WebhooksRepository(portal.database.db);
for (const [i, receiver] of receivers.entries()) {
  await repo.insertWithinLimit(
    {
      tenant_id: tenantId,
      name: `Receiver ${i + 1}`,
      url: receiver.url,
      url_secret: receiver.url,
      event_types: ['lock.unlocked'],
      enabled: true,
      secret: receiver.secret,
      batch_max_events: batchMaxEvents > 0 ? batchMaxEvents : null,
      batch_max_ms: batchMaxEvents > 0 ? batchMaxMs : null,
    },
    100,
  );
}

let nextSeq = 0;
/** Emits at `rate` per second on the current portal for `ms` (open loop: an emit is not waited for to go on). */
async function emitFor(ms: number): Promise<{ emittedCount: number; failed: number }> {
  const start = now();
  const inFlight: Promise<void>[] = [];
  let failed = 0;
  let count = 0;
  const total = Math.floor((ms / 1000) * rate);
  while (count < total) {
    const due = Math.min(total, Math.floor(((now() - start) / 1000) * rate) + 1);
    for (; count < due; count++) {
      const seq = nextSeq++;
      emitted.set(seq, now());
      inFlight.push(
        portal.events
          .emit('notable', {
            tenantId,
            type: 'lock.unlocked',
            occurredAt: Date.now(),
            data: { seq, lockId: 'bench', lockName: 'Bench door' },
          })
          .catch(() => {
            failed++;
          }),
      );
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.all(inFlight);
  return { emittedCount: count, failed };
}

/** Waits until every event from `from` on has reached every receiver, or `limitMs`; answers the time waited. */
async function drain(from: number, limitMs: number): Promise<number> {
  const started = now();
  while (now() - started < limitMs) {
    const missing = arrivals.some((byEvent) => {
      for (let seq = from; seq < nextSeq; seq++) if (!byEvent.has(seq)) return true;
      return false;
    });
    if (!missing) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return now() - started;
}

function report(from: number, to: number) {
  const latencies: number[] = [];
  let delivered = 0;
  let duplicates = 0;
  let lastArrival = 0;
  for (const byEvent of arrivals)
    for (let seq = from; seq < to; seq++) {
      const times = byEvent.get(seq);
      if (!times) continue;
      delivered++;
      duplicates += times.length - 1;
      latencies.push(times[0]! - emitted.get(seq)!);
      lastArrival = Math.max(lastArrival, times[0]!);
    }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies.length
      ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(0)
      : 'n/a';
  return {
    expected: (to - from) * receivers.length,
    delivered,
    duplicates,
    p50: pct(0.5),
    p95: pct(0.95),
    p99: pct(0.99),
    max: latencies.length ? latencies[latencies.length - 1]!.toFixed(0) : 'n/a',
    lastArrival,
  };
}

/** PostgreSQL's processes (the real backend's server), for their CPU. */
function postgresPids(): number[] {
  if (!real) return [];
  try {
    return execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).trim().split('\n').map(Number);
  } catch {
    return [];
  }
}

console.log(
  `webhook fan-out benchmark — backend ${real ? 'PostgreSQL' : 'PGlite (embedded)'}; ${rate} events/s for ${seconds} s to ${endpointCount} endpoints${batchMaxEvents > 0 ? ` in batches of up to ${batchMaxEvents} events or ${batchMaxMs} ms` : ''}; ${cpus().length} cores, node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${new Date().toISOString()}`,
);

// Steady phase.
const pgPids = postgresPids();
const pgBefore = cpuSnapshot(pgPids);
const cpuBefore = process.cpuUsage();
const receiversBefore = await receiversCpuMs();
const steadyStart = now();
const steady = await emitFor(seconds * 1000);
const emitEnd = now();
const waited = await drain(0, drainSeconds * 1000);
const cpu = process.cpuUsage(cpuBefore);
const receiversMs = (await receiversCpuMs()) - receiversBefore;
const pgCpuMs = cpuBetween(pgBefore, cpuSnapshot(pgPids));
const s = report(0, nextSeq);
const span = (s.lastArrival - steadyStart) / 1000;
console.log(
  `steady: ${steady.emittedCount} events emitted (${steady.failed} emits failed) in ${((emitEnd - steadyStart) / 1000).toFixed(1)} s; delivered ${s.delivered}/${s.expected}, duplicates ${s.duplicates}, bad signatures ${badSignatures}; drained ${(waited / 1000).toFixed(1)} s after the last emit`,
);
console.log(
  `  emit -> receiver latency p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms, max ${s.max} ms; delivered ${(s.delivered / span).toFixed(0)} deliveries/s (${(s.delivered / endpointCount / span).toFixed(0)} events/s) from the first emit to the last arrival`,
);
const wall = (now() - steadyStart) / 1000;
const share = (ms: number) => `${((ms / 1000 / wall) * 100).toFixed(0)} %`;
console.log(
  `  CPU (of one core, over ${wall.toFixed(1)} s): portal and emitter ${share((cpu.user + cpu.system) / 1000)} (${((cpu.user + cpu.system) / 1000 / Math.max(1, s.delivered)).toFixed(3)} ms a delivery), receivers ${share(receiversMs)}${real ? `, PostgreSQL ${share(pgCpuMs)}` : ''}`,
);

// Restart phase: emit, close the portal half-way, a new portal on the same database, emit on.
if (restartSeconds > 0) {
  const from = nextSeq;
  const before = await emitFor((restartSeconds * 1000) / 2);
  const closing = now();
  portal = await bench.restart();
  const restartedMs = now() - closing;
  const after = await emitFor((restartSeconds * 1000) / 2);
  const restartWait = await drain(from, drainSeconds * 1000);
  const r = report(from, nextSeq);
  console.log(
    `restart (app.close after ${before.emittedCount} events, a new portal ${(restartedMs / 1000).toFixed(1)} s later, then ${after.emittedCount} more; ${before.failed + after.failed} emits failed): delivered ${r.delivered}/${r.expected}, missing ${r.expected - r.delivered}, duplicates ${r.duplicates}; latency p50 ${r.p50} ms, p95 ${r.p95} ms, max ${r.max} ms; drained ${(restartWait / 1000).toFixed(1)} s after the last emit`,
  );
}

// Kill phase (PostgreSQL: two portals on one database): a second portal in a child process takes the emission
// and is killed with SIGKILL half-way; the portal here stays up, and its sweep must deliver every event the
// killed one had stored (its emit resolved) once their claim ran out (2 minutes) at the next minute's sweep.
if (values.kill === 'yes' && real) {
  const from = nextSeq;
  const killMs = (restartSeconds || 10) * 1000;
  const clientId = `${bench.env.MQTT_CLIENT_ID}-killed`;
  const victim = fork(fileURLToPath(new URL('./lib/webhook-portal-worker.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
  const stored = new Set<number>();
  await new Promise<void>((resolve) => {
    victim.on('message', (message: { ready?: boolean; stored?: number[] }) => {
      if (message.ready) resolve();
      for (const seq of message.stored ?? []) stored.add(seq);
    });
    victim.send({ env: { ...bench.env, MQTT_CLIENT_ID: clientId } });
  });
  const started = now();
  victim.send({ emit: { tenantId, from, rate, ms: killMs } });
  await new Promise((r) => setTimeout(r, killMs / 2));
  victim.kill('SIGKILL');
  const killedAt = now();
  nextSeq = from + Math.floor((killMs / 1000) * rate);
  await new Promise((r) => setTimeout(r, 100));
  const confirmed = [...stored];
  const missingOf = () =>
    confirmed.reduce((n, seq) => n + arrivals.filter((byEvent) => !byEvent.has(seq)).length, 0);
  const before = confirmed.length * endpointCount - missingOf();
  while (now() - killedAt < 300_000 && missingOf() > 0) await new Promise((r) => setTimeout(r, 500));
  let last = 0;
  let duplicates = 0;
  let extra = 0;
  for (const byEvent of arrivals)
    for (const [seq, times] of byEvent) {
      if (seq < from) continue;
      if (stored.has(seq)) {
        duplicates += times.length - 1;
        last = Math.max(last, times[0]!);
      } else extra++;
    }
  console.log(
    `kill (SIGKILL of a child-process portal ${((killedAt - started) / 1000).toFixed(1)} s into the emission; the portal here sweeps): ${confirmed.length} events stored before the kill, ${before}/${confirmed.length * endpointCount} delivered by then; after: missing ${missingOf()}, duplicates ${duplicates}, the last of them ${((last - killedAt) / 1000).toFixed(0)} s after the kill; ${extra} deliveries of events emitted but not confirmed stored`,
  );
  await endBrokerSessions(REAL_MQTT, clientId, portal.config.MQTT_CONSUMERS);
}

await bench.close();
child.send({ exit: true });
process.exit(0);
