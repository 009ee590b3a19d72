/**
 * Ingest benchmark: K gateways publish telemetry at QoS 1 as fast as acknowledgements allow; an
 * acknowledgement means the sample is stored. Prints the sustained rate and publish-to-stored latency.
 *
 *   node --import tsx bench/ingest.ts [--gateways 20] [--messages 200] [--backend embedded|real]
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { deviceUp } from '@portal/contract';
import mqtt from 'mqtt';
import { randomMac } from '../apps/server/test/harness.ts';
import { startBenchPortal } from './lib/in-process-portal.ts';

const { values } = parseArgs({
  options: {
    gateways: { type: 'string', default: '20' },
    messages: { type: 'string', default: '200' },
    backend: { type: 'string', default: 'embedded' },
  },
});
const gatewayCount = Number(values.gateways);
const perGateway = Number(values.messages);
const real = values.backend === 'real';

const { portal, rootTenantId, brokerUrl, close } = await startBenchPortal(real);
const devices: { mac: string; password: string }[] = [];
for (let i = 0; i < gatewayCount; i++) {
  devices.push(await portal.services.gateways.provision(rootTenantId, randomMac(), `B${i}`));
}
const clients = await Promise.all(
  devices.map((d) =>
    mqtt.connectAsync(brokerUrl, { clientId: d.mac, username: d.mac, password: d.password }),
  ),
);

const latencies: number[] = [];
const cpuBefore = process.cpuUsage();
const started = performance.now();
await Promise.all(
  clients.map(async (client, g) => {
    const mac = devices[g]!.mac;
    const base = Date.now();
    for (let i = 0; i < perGateway; i++) {
      const sent = performance.now();
      await client.publishAsync(
        deviceUp.telemetry(mac),
        JSON.stringify({ samples: [{ TI: base + i, CO2: 500 + i, TEMP: 21 }] }),
        { qos: 1 },
      );
      latencies.push(performance.now() - sent);
    }
  }),
);
// With an external broker an acknowledgement means the broker has it: wait until every sample is stored.
const total = gatewayCount * perGateway;
const stored = async () =>
  (await Promise.all(devices.map((d) => portal.services.telemetry.countSamples(d.mac)))).reduce(
    (a, b) => a + b,
    0,
  );
for (let n = await stored(); n < total; n = await stored()) {
  if (process.env.BENCH_DEBUG) console.log('stored', n, 'of', total, portal.inbox.counters);
  await new Promise((r) => setTimeout(r, 500));
}
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);

latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
console.log(`ingest benchmark — backend ${real ? 'PostgreSQL + Mosquitto' : 'PGlite + Aedes (embedded)'}`);
console.log(
  `conditions: ${gatewayCount} gateways x ${perGateway} QoS 1 messages (1 sample each), ${cpus().length} cores, node ${process.version}, all in one process`,
);
console.log(`rate: ${(total / seconds).toFixed(0)} samples/s stored (${total} in ${seconds.toFixed(2)} s)`);
console.log(
  `publish -> acknowledged latency (${real ? 'by Mosquitto' : 'by the portal, once stored'}): p50 ${pct(50)} ms, p99 ${pct(99)} ms`,
);
console.log(
  `process CPU: ${(((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100).toFixed(0)} % of one core; RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
);

await Promise.all(clients.map((c) => c.endAsync()));
await close();
