/**
 * Rollout benchmark (issue 16): `--gateways` simulated gateways (default 2,000) of one customer take a `--mb` MB
 * image (default 2) in waves of 1 %, 10 %, then the rest, from a portal in this process (the gateways run in a
 * child process, bench/lib/simulation-worker.ts). Prints the time to all
 * verified (or failed with a reason), the download throughput the gateways saw against `curl` fetching the same
 * file from the same server in the same run, and the portal's RSS peak during the downloads. Goals: no gateway
 * left in an unknown state, the duration set by the pace (not by the portal), RSS growth under 150 MB.
 *
 *   node --max-old-space-size=1024 [--expose-gc] --import tsx bench/rollout.ts [--backend embedded|real]
 *     [--gateways 2000] [--mb 2] [--pace 2] [--concurrency 200] [--telemetry 1]
 *
 * The portal runs in this process: give it the heap limit its start scripts give it (PORTAL_HEAP_MB, default
 * 1024); without one V8 lets garbage grow for longer and RSS with it. `--expose-gc` adds the main thread's memory
 * after a full collection at both ends.
 *
 * `--telemetry` is the seconds between each simulated gateway's samples (at 2,000 gateways, one sample a second
 * each is 2,000 MQTT messages a second, stored by the portal on the same 2 cores as the gateways' process).
 * The health check after a reboot wants a sample since a minute before it, and fails a gateway without one
 * 2 health windows + 10 s after it: keep it under 60 s (the bench waits one interval before the rollout).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs, promisify } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import type { RolloutView } from '@portal/contract';
import type { SimulationOptions } from '@portal/gateway-sim';
import { sql } from 'kysely';
import { fmt, machineLine } from './lib/conditions.ts';
import { BENCH_ROOT_PASSWORD, insertBenchCustomer, startBenchPortal } from './lib/in-process-portal.ts';
import { startMosquitto } from './lib/mosquitto.ts';
import { startWorker } from './lib/worker.ts';

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'embedded' },
    gateways: { type: 'string', default: '2000' },
    mb: { type: 'string', default: '2' },
    pace: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '200' },
    telemetry: { type: 'string', default: '1' },
  },
});
const real = values.backend === 'real';
const count = Math.min(5000, Math.max(10, Number(values.gateways)));
const bytes = Math.round(Number(values.mb) * 2 ** 20);
const paceSeconds = Number(values.pace);
const load = loadavg()[0]!.toFixed(2);
const heapLimit = getHeapStatistics().heap_size_limit;

// real: a Mosquitto of the bench's own with the settings docs/operations.md asks for (the system one keeps the
// stock 1,000-message queue per session and drops what a fleet of 2,000 sends beyond it).
const mosquitto = real ? await startMosquitto() : null;
const { portal, rootTenantId, close, brokerUrl } = await startBenchPortal(real, {
  ...(mosquitto ? { MQTT_URL: mosquitto.url } : {}),
  MQTT_CONSUMERS: '2',
  FIRMWARE_MAX_BYTES: String(bytes + 1024),
  FIRMWARE_TICK_SECONDS: '0.5',
  FIRMWARE_HEALTH_WINDOW_SECONDS: '2',
  FIRMWARE_WAVE_PACE_SECONDS: String(paceSeconds),
  FIRMWARE_CONCURRENCY: values.concurrency,
  FIRMWARE_UPDATE_TIMEOUT_SECONDS: '600',
  DEVICE_MAX_RATE: '1000',
});
const stops: (() => Promise<void>)[] = [];
try {
  const scopeId = await insertBenchCustomer(portal, rootTenantId, 'Bench Rollout', 'BENCHROLL');
  const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/login/twoFactorKey/bench`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@portal.local', password: BENCH_ROOT_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

  // Set-up in one statement: the first gateway is provisioned through the service (its credential as the
  // portal makes it), the others are inserted by one INSERT ... SELECT generate_series with the same credential
  // hash (the bench's gateways share one password); the rollout itself is untouched. MACs: a random 4-hex-digit
  // prefix, then n.
  const prefix = randomBytes(2).toString('hex').toUpperCase();
  const macOf = (n: number) => `${prefix}${n.toString(16).toUpperCase().padStart(8, '0')}`;
  const provisionStarted = performance.now();
  const { password } = await portal.services.gateways.provision(scopeId, macOf(0), 'Bench 0', {
    registered: true,
  });
  await sql`
    INSERT INTO gateways (mac, name, tenant_id, registered, credential_hash, updated_at)
    SELECT ${prefix} || upper(lpad(to_hex(n), 8, '0')), 'Bench ' || n, ${scopeId}::uuid, true,
           (SELECT credential_hash FROM gateways WHERE mac = ${macOf(0)}), now()
    FROM generate_series(1, ${count - 1}::int) AS n`.execute(portal.database.db);
  const credentials = Array.from({ length: count }, (_, n) => ({ mac: macOf(n), password, scopeId }));
  console.log(`provisioned in ${((performance.now() - provisionStarted) / 1000).toFixed(1)} s`);
  console.log(`provisioned ${count} gateways`);
  // The gateways run in a process of their own: the RSS measured below is the portal's alone.
  const simulation = await startWorker(new URL('./lib/simulation-worker.ts', import.meta.url));
  stops.push(() => simulation.stop());
  await simulation.call('start', {
    brokerUrl,
    gateways: credentials,
    telemetryIntervalMs: Number(values.telemetry) * 1000,
    stateIntervalMs: 600_000,
    restartDelayMs: 500,
    seed: 16,
    firmware: { installMs: 200 },
  } satisfies SimulationOptions);
  await simulation.call('whenConnected', 120_000);
  console.log('all connected');
  // A fleet in its steady state: every gateway has sent a sample before the rollout starts (the health check
  // after a reboot looks for telemetry since a minute before the reboot).
  await new Promise((r) => setTimeout(r, Number(values.telemetry) * 1000 + 1000));

  // The image: a .pyc of `bytes` bytes.
  const image = Buffer.concat([
    Buffer.from([0x61, 0x0d, 0x0d, 0x0a, 0, 0, 0, 0, 1, 2, 3, 4, 5, 0, 0, 0]),
    randomBytes(bytes - 16),
  ]);
  const form = new FormData();
  form.append('upload', new Blob([image]), 'CRB_mdm-agent_Generic_iot.2025-09-01_BENCH.cpython-39.pyc');
  const uploaded = await fetch(`${address}/v1/auth-service/file-storage`, {
    method: 'POST',
    body: form,
    headers: { cookie },
  });
  const file = (await uploaded.json()) as { id: string };

  // RSS is the whole portal process, the embedded database's worker thread (PGlite's WebAssembly memory, which
  // grows as its buffer pool fills with the fleet's telemetry and never shrinks) included; the JS heap and
  // buffers of the portal's main thread (HTTP, MQTT, the rollout, the downloads' buffers) are shown apart.
  const mainMemory = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  let heapPeak = 0;
  let externalPeak = 0;
  // With node --expose-gc: the main thread's memory is also read after a full collection at both ends, which
  // tells what it holds from what V8 has not collected yet.
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const retainedStart = mainMemory();
  const rssStart = process.memoryUsage().rss;
  const mainStart = mainMemory();
  let rssPeak = rssStart;
  let mainPeak = mainStart;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    mainPeak = Math.max(mainPeak, mainMemory());
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed);
    externalPeak = Math.max(externalPeak, m.external);
  }, 100);
  const started = performance.now();
  const applied = await fetch(`${address}/api/apply-firmware/fileStoreId/${file.id}/scopeId/${scopeId}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ rollout: { waves: [{ percent: 1 }, { percent: 10 }, { percent: 100 }] } }),
  });
  const { rolloutId } = (await applied.json()) as { rolloutId: string };

  // curl fetches the same file from the same server while the gateways download (a target's URL, once notified).
  let curlMBps = Number.NaN;
  let rollout: RolloutView | undefined;
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    rollout = (await (
      await fetch(`${address}/api/firmware-rollouts/${rolloutId}`, { headers: { cookie } })
    ).json()) as RolloutView;
    if (Number.isNaN(curlMBps) && rollout.currentWave === 2 && rollout.total.downloading > 0) {
      const target = await portal.database.db
        .selectFrom('firmware_rollout_targets')
        .select('uid')
        .where('rollout_id', '=', rolloutId)
        .where('state', '<>', 'pending')
        .executeTakeFirst();
      // Asynchronous: the portal runs in this process and must keep serving while curl downloads.
      const { stdout } = await promisify(execFile)('curl', [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{speed_download}',
        `${address}/api/firmware-download/${target?.uid}`,
      ]);
      const out = stdout;
      curlMBps = Number(out) / 2 ** 20;
    }
    const c = rollout.total;
    console.log(
      `  wave ${rollout.currentWave + 1}: ${c.verified} verified, ${c.failed} failed, ${c.notified}/${c.downloading}/${c.installing}/${c.verifying} notified/downloading/installing/verifying, ${c.pending} waiting`,
    );
    if (rollout.status !== 'running') break;
  }
  const seconds = (performance.now() - started) / 1000;
  const reasons = await portal.database.db
    .selectFrom('firmware_rollout_targets')
    .select(['state', 'reason', (eb) => eb.fn.countAll<number>().as('n')])
    .where('rollout_id', '=', rolloutId)
    .where('state', '<>', 'verified')
    .groupBy(['state', 'reason'])
    .execute();
  clearInterval(sampler);
  gc?.();
  const retained = gc
    ? `; after a full GC at both ends ${fmt.mib(retainedStart)} -> ${fmt.mib(mainMemory())}`
    : '';
  const t = rollout.total;
  const unknown = t.eligible - t.verified - t.failed - t.rolledBack - t.unreached - t.left;
  const downloadedMB = ((t.verified + t.failed) * bytes) / 2 ** 20;
  const waits = 2 * paceSeconds + 3 * 2;
  console.log(
    `rollout bench: ${count} gateways, ${fmt.mib(bytes)} image, waves 1 %, 10 %, rest, telemetry every ${values.telemetry} s; ${machineLine()}; load ${load}; V8 heap limit ${fmt.mib(heapLimit)}`,
  );
  console.log(
    `  status ${rollout.status}; verified ${t.verified}, failed ${t.failed}, rolled back ${t.rolledBack}, never reached ${t.unreached}, unknown ${unknown}`,
  );
  for (const { state, reason, n } of reasons) console.log(`    ${n} ${state}: ${reason ?? '(no reason)'}`);
  console.log(`  time to all verified ${seconds.toFixed(1)} s (pace and health windows alone: ${waits} s)`);
  console.log(
    `  gateways' download throughput ~${(downloadedMB / seconds).toFixed(1)} MB/s overall; curl alone ${curlMBps.toFixed(1)} MB/s`,
  );
  console.log(
    `  portal RSS ${fmt.mib(rssStart)} -> peak ${fmt.mib(rssPeak)} (growth ${fmt.mib(rssPeak - rssStart)}, goal < 150 MiB); main thread's JS heap + external ${fmt.mib(mainStart)} -> peak ${fmt.mib(mainPeak)} (growth ${fmt.mib(mainPeak - mainStart)}; peaks: heap ${fmt.mib(heapPeak)}, external ${fmt.mib(externalPeak)})${retained}`,
  );
} finally {
  for (const stop of stops) await stop();
  await close();
  await mosquitto?.stop();
}
