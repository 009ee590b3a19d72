import { METRIC_CATALOGUE, storedColumns, type TelemetrySample } from '@portal/contract';
import { deriveSeed, type Random, seededRandom } from '../../apps/gateway-sim/src/random.ts';
import {
  type RoomProfile,
  randomRoomProfile,
  sensorSample,
} from '../../apps/gateway-sim/src/sensor-model.ts';

/**
 * The stored metrics one sample carries (TI is its key, not a metric): a data point is one of these values (the
 * metric catalogue's stored metrics).
 */
export const METRICS = Object.values(storedColumns(METRIC_CATALOGUE));
export const DATA_POINTS_PER_SAMPLE = METRICS.length;

/**
 * A gateway's telemetry as the simulator models it (apps/gateway-sim sensor model: every metric, daily
 * cycles, noise), with TIs that are unique per gateway, increasing and close to the wall clock.
 */
export class GatewayTelemetry {
  private readonly random: Random;
  private readonly room: RoomProfile;
  private lastTi = 0;

  constructor(
    readonly mac: string,
    seed = 1,
  ) {
    this.random = seededRandom(deriveSeed(seed, mac));
    this.room = randomRoomProfile(this.random);
  }

  /** The next message of `count` samples: its JSON (TI first in each sample) and the samples' TIs. */
  next(count: number): { payload: string; tis: number[] } {
    const samples: TelemetrySample[] = [];
    for (let i = 0; i < count; i++) {
      this.lastTi = Math.max(Date.now(), this.lastTi + 1);
      samples.push(sensorSample(this.lastTi, this.random, this.room));
    }
    return { payload: JSON.stringify({ samples }), tis: samples.map((s) => s.TI) };
  }
}
