import { type EventsMessage, live, RECENT_SAMPLES, type TelemetrySample } from '@portal/contract';
import type { Selectable } from 'kysely';
import { METRIC_COLUMNS, METRICS } from '../../db/metrics.ts';
import type { TelemetryRow, TelemetryTable } from '../../db/schema.ts';
import { sampleRow } from '../../db/telemetry-sql.ts';
import { BatchWriter } from '../../lib/batch-writer.ts';
import type { LivePublisher } from '../../lib/live.ts';
import { type Meter, noMeter } from '../../lib/metrics.ts';
import type { DeviceIdentity } from '../../lib/principal.ts';
import type { TelemetryRepository } from './telemetry.repository.ts';

export class TelemetryService {
  private readonly writer: BatchWriter<TelemetryRow>;
  /** Samples stored and not yet pushed live, per graph channel: a gateway's messages of one batch go as one. */
  private readonly unpushed = new Map<string, { macId: string; samples: TelemetrySample[] }>();

  constructor(
    private readonly repo: TelemetryRepository,
    private readonly live: LivePublisher,
    meter: Meter = noMeter,
  ) {
    const batchSize = meter.histogram(
      'portal_ingest_batch_size',
      'Samples per group-commit batch of the telemetry writer',
      [1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500],
    );
    const commitSeconds = meter.histogram(
      'portal_ingest_commit_seconds',
      'Time to store one batch of samples with its rollups (the PUBACKs wait for it)',
      [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    );
    const write = async (rows: TelemetryRow[]) => {
      const started = performance.now();
      await repo.insertSamples(rows);
      commitSeconds.observe((performance.now() - started) / 1000);
      batchSize.observe(rows.length);
    };
    this.writer = new BatchWriter(write, {
      maxBatch: 1000,
      maxConcurrentWrites: 1,
    });
  }

  /** Resolves once every sample is stored (batched with other gateways' samples). */
  async recordSamples(device: DeviceIdentity, samples: TelemetrySample[]): Promise<void> {
    await Promise.all(samples.map((s) => this.writer.add(sampleRow(device.mac, s))));
    this.pushLive(device, samples);
  }

  /**
   * Pushes stored samples on the gateway's graph channel. A batch's commit resolves every message in it at once;
   * the channel's samples of those messages go out together once they all ran (one live message per gateway and
   * batch, in arrival order), not one each: at thousands of messages a second the pushes were a broker's load.
   */
  private pushLive(device: DeviceIdentity, samples: TelemetrySample[]): void {
    const topic = live.graph(device.tenantId, device.mac);
    const pending = this.unpushed.get(topic);
    if (pending) {
      pending.samples.push(...samples);
      return;
    }
    this.unpushed.set(topic, { macId: device.mac, samples: [...samples] });
    if (this.unpushed.size === 1)
      setImmediate(() => {
        for (const [channel, message] of this.unpushed) this.live.publish(channel, message);
        this.unpushed.clear();
      });
  }

  async recordEvents(device: DeviceIdentity, message: EventsMessage): Promise<void> {
    if (message.SE?.length) await this.repo.insertEvents(device.mac, message.TI, 'SE', message.SE);
    if (message.SA?.length) await this.repo.insertEvents(device.mac, message.TI, 'SA', message.SA);
    this.live.publish(live.gateways(device.tenantId), { type: 'events', macId: device.mac, ...message });
  }

  /** The newest sample of each gateway, keyed by MAC, in the device's short keys. */
  async latestByMac(macs: string[]): Promise<Map<string, TelemetrySample>> {
    const rows = await this.repo.latestSamples(macs);
    return new Map(rows.map((row) => [row.mac, fromRow(row)]));
  }

  /** The last samples of each gateway (for the card mini-charts), keyed by MAC, oldest first. */
  async recentByMac(macs: string[]): Promise<Record<string, TelemetrySample[]>> {
    const recent: Record<string, TelemetrySample[]> = Object.fromEntries(macs.map((mac) => [mac, []]));
    for (const row of await this.repo.recentSamples(macs, RECENT_SAMPLES))
      recent[row.mac]!.push(fromRow(row));
    return recent;
  }

  countSamples(mac: string) {
    return this.repo.countSamples(mac);
  }

  /** Writes every pending sample; called at shutdown before the database closes. */
  flush(): Promise<void> {
    return this.writer.flush();
  }
}

function fromRow(row: Selectable<TelemetryTable>): TelemetrySample {
  const sample: TelemetrySample = { TI: Number(row.ti) };
  for (const column of METRIC_COLUMNS) {
    const value = row[column];
    if (value !== null) sample[METRICS[column]] = value;
  }
  return sample;
}
