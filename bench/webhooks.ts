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
 *     [--restart-seconds 10] [--drain-seconds 60]
 *
 * The portal, the receivers and the emitter share this process: its CPU is all three (the receivers' share is
 * printed apart, measured as their handler time).
 */

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Portal } from '../apps/server/src/app.ts';
import { WebhooksRepository } from '../apps/server/src/modules/webhooks/webhooks.repository.ts';
import { verifySignature } from '../apps/server/test/webhook-receiver.ts';
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
  },
});
const real = values.backend === 'real';
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const endpointCount = Number(values.endpoints);
const restartSeconds = Number(values['restart-seconds']);
const drainSeconds = Number(values['drain-seconds']);

/** Each event's emit time (performance.now), by its sequence number (the event's data.seq). */
const emitted = new Map<number, number>();
let receiverMs = 0;
let badSignatures = 0;

interface Receiver {
  server: Server;
  url: string;
  secret: string;
  /** Arrival times (performance.now) by event sequence number; more than one is a duplicate. */
  arrivals: Map<number, number[]>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { server: createServer(), url: '', secret: '', arrivals: new Map() };
  receiver.server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const started = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      if (!verifySignature(receiver.secret, req.headers, body)) {
        badSignatures++;
        res.writeHead(401).end();
        return;
      }
      const seq = (JSON.parse(body) as { data: { seq: number } }).data.seq;
      const list = receiver.arrivals.get(seq);
      if (list) list.push(started);
      else receiver.arrivals.set(seq, [started]);
      res.writeHead(204).end();
      receiverMs += performance.now() - started;
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hook`;
  return receiver;
}

const receivers = await Promise.all(Array.from({ length: endpointCount }, startReceiver));
const bench = await startBenchPortal(real, { OUTBOUND_ALLOW_NETWORKS: '127.0.0.0/8' });
let portal: Portal = bench.portal;
const tenantId = await insertBenchCustomer(portal, bench.rootTenantId, 'Hooks', `HOOKS-${Date.now()}`);
const repo = new WebhooksRepository(portal.database.db);
for (const [i, receiver] of receivers.entries()) {
  receiver.secret = `whsec_${randomBytes(32).toString('base64url')}`;
  await repo.insertWithinLimit(
    {
      tenant_id: tenantId,
      name: `Receiver ${i + 1}`,
      url: receiver.url,
      url_secret: receiver.url,
      event_types: ['lock.unlocked'],
      enabled: true,
      secret: receiver.secret,
    },
    100,
  );
}

let nextSeq = 0;
/** Emits at `rate` per second on the current portal for `ms` (open loop: an emit is not waited for to go on). */
async function emitFor(ms: number): Promise<{ emittedCount: number; failed: number }> {
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  let failed = 0;
  let count = 0;
  const total = Math.floor((ms / 1000) * rate);
  while (count < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
    for (; count < due; count++) {
      const seq = nextSeq++;
      emitted.set(seq, performance.now());
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
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const missing = receivers.some((r) => {
      for (let seq = from; seq < nextSeq; seq++) if (!r.arrivals.has(seq)) return true;
      return false;
    });
    if (!missing) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return performance.now() - started;
}

function report(from: number, to: number) {
  const latencies: number[] = [];
  let delivered = 0;
  let duplicates = 0;
  let lastArrival = 0;
  for (const r of receivers)
    for (let seq = from; seq < to; seq++) {
      const arrivals = r.arrivals.get(seq);
      if (!arrivals) continue;
      delivered++;
      duplicates += arrivals.length - 1;
      latencies.push(arrivals[0]! - emitted.get(seq)!);
      lastArrival = Math.max(lastArrival, arrivals[0]!);
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
  `webhook fan-out benchmark — backend ${real ? 'PostgreSQL' : 'PGlite (embedded)'}; ${rate} events/s for ${seconds} s to ${endpointCount} endpoints; ${cpus().length} cores, node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${new Date().toISOString()}`,
);

// Steady phase.
const pgPids = postgresPids();
const pgBefore = cpuSnapshot(pgPids);
const cpuBefore = process.cpuUsage();
receiverMs = 0;
const steadyStart = performance.now();
const steady = await emitFor(seconds * 1000);
const emitEnd = performance.now();
const waited = await drain(0, drainSeconds * 1000);
const cpu = process.cpuUsage(cpuBefore);
const pgCpuMs = cpuBetween(pgBefore, cpuSnapshot(pgPids));
const s = report(0, nextSeq);
const span = (s.lastArrival - steadyStart) / 1000;
console.log(
  `steady: ${steady.emittedCount} events emitted (${steady.failed} emits failed) in ${((emitEnd - steadyStart) / 1000).toFixed(1)} s; delivered ${s.delivered}/${s.expected}, duplicates ${s.duplicates}, bad signatures ${badSignatures}; drained ${(waited / 1000).toFixed(1)} s after the last emit`,
);
console.log(
  `  emit -> receiver latency p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms, max ${s.max} ms; delivered ${(s.delivered / span).toFixed(0)} deliveries/s (${(s.delivered / endpointCount / span).toFixed(0)} events/s) from the first emit to the last arrival`,
);
const wall = (performance.now() - steadyStart) / 1000;
console.log(
  `  CPU of this process ${(((cpu.user + cpu.system) / 1000 / 1000 / wall) * 100).toFixed(0)} % of a core (the receivers' handlers ${((receiverMs / 1000 / wall) * 100).toFixed(0)} % of it)${real ? `, PostgreSQL ${((pgCpuMs / 1000 / wall) * 100).toFixed(0)} %` : ''} over ${wall.toFixed(1)} s`,
);

// Restart phase: emit, close the portal half-way, a new portal on the same database, emit on.
if (restartSeconds > 0) {
  const from = nextSeq;
  const before = await emitFor((restartSeconds * 1000) / 2);
  const closing = performance.now();
  portal = await bench.restart();
  const restartedMs = performance.now() - closing;
  const after = await emitFor((restartSeconds * 1000) / 2);
  const restartWait = await drain(from, drainSeconds * 1000);
  const r = report(from, nextSeq);
  console.log(
    `restart (app.close after ${before.emittedCount} events, a new portal ${(restartedMs / 1000).toFixed(1)} s later, then ${after.emittedCount} more; ${before.failed + after.failed} emits failed): delivered ${r.delivered}/${r.expected}, missing ${r.expected - r.delivered}, duplicates ${r.duplicates}; latency p50 ${r.p50} ms, p95 ${r.p95} ms, max ${r.max} ms; drained ${(restartWait / 1000).toFixed(1)} s after the last emit`,
  );
}

await bench.close();
for (const r of receivers) {
  r.server.closeAllConnections();
  r.server.close();
}
process.exit(0);
