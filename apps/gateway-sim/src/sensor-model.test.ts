import { telemetrySample } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { type AlertLevels, alertTransitions } from './events.ts';
import { historySamples } from './history.ts';
import { seededRandom } from './random.ts';
import {
  co2Ppm,
  cpuPercent,
  DEFAULT_ROOM,
  dailyCycle,
  localHour,
  randomRoomProfile,
  SENSOR_BOUNDS,
  sensorSample,
  temperatureCelsius,
} from './sensor-model.ts';

const DAY_MS = 86_400_000;
const START = Date.UTC(2025, 0, 6);

/** A week of samples, one every 5 minutes, for several rooms. */
function weekOfSamples(seed: number) {
  const random = seededRandom(seed);
  const samples = [];
  for (let room = 0; room < 5; room++) {
    const profile = randomRoomProfile(random);
    for (let t = START; t < START + 7 * DAY_MS; t += 300_000) samples.push(sensorSample(t, random, profile));
  }
  return samples;
}

function meanAtHour(hour: number, read: (time: number, random: () => number) => number): number {
  const random = seededRandom(11);
  let sum = 0;
  for (let day = 0; day < 100; day++) sum += read(START + day * DAY_MS + hour * 3_600_000, random);
  return sum / 100;
}

describe('sensor model', () => {
  const samples = weekOfSamples(1);

  it('produces samples the contract accepts', () => {
    for (const sample of samples) expect(telemetrySample.safeParse(sample).success).toBe(true);
  });

  it('keeps CO2 within 400-1200 ppm but for peaks above 2000 now and then, with ramps to them', () => {
    const { min, max, spikeMin, spikeMax } = SENSOR_BOUNDS.CO2;
    const peaks = samples.filter((s) => (s.CO2 ?? 0) >= spikeMin);
    const above = samples.filter((s) => (s.CO2 ?? 0) > max);
    for (const s of samples) {
      const co2 = s.CO2 ?? Number.NaN;
      expect(co2 >= min && co2 <= spikeMax).toBe(true);
    }
    expect(peaks.length).toBeGreaterThan(0);
    expect(above.length / samples.length).toBeLessThan(0.03);
  });

  it('keeps the other sensors in their ranges', () => {
    // One expectation per bound (not per sample): 10,000 samples checked in milliseconds.
    const range = (key: 'TEMP' | 'CP' | 'MM' | 'RSTC' | 'NH3' | 'NO2' | 'CO' | 'TVOC') => {
      const values = samples.map((s) => s[key] ?? Number.NaN);
      return [Math.min(...values), Math.max(...values)];
    };
    const bounds = {
      TEMP: [18, 28],
      CP: [5, 95],
      MM: [200, 900],
      RSTC: [SENSOR_BOUNDS.RSTC.min, SENSOR_BOUNDS.RSTC.max],
      NH3: [0, SENSOR_BOUNDS.NH3.max],
      NO2: [0, SENSOR_BOUNDS.NO2.max],
      CO: [0, SENSOR_BOUNDS.CO.max],
      TVOC: [0, SENSOR_BOUNDS.TVOC.max],
    } as const;
    for (const [key, [low, high]] of Object.entries(bounds)) {
      const [min, max] = range(key as keyof typeof bounds);
      expect(min, key).toBeGreaterThanOrEqual(low);
      expect(max, key).toBeLessThanOrEqual(high);
    }
  });

  it('peaks the CPU now and then above its usual 5-60 %, for minutes at a time', () => {
    const peaks = samples.filter((s) => (s.CP ?? 0) > SENSOR_BOUNDS.CP.max).length;
    expect(peaks).toBeGreaterThan(0);
    expect(peaks / samples.length).toBeLessThan(0.06);
  });

  it('moves the CPU smoothly: samples 5 s apart differ by a few points outside a peak ramp', () => {
    const random = seededRandom(3);
    const room = randomRoomProfile(random);
    let previous = cpuPercent(START, random, room);
    const steps: number[] = [];
    for (let t = START + 5_000; t < START + 6 * 3_600_000; t += 5_000) {
      const value = cpuPercent(t, random, room);
      steps.push(Math.abs(value - previous));
      previous = value;
    }
    steps.sort((a, b) => a - b);
    expect(steps[Math.floor(steps.length * 0.99)]).toBeLessThan(4);
  });

  it('raises CPU and CO2 alerts at most once per peak: a few a day, not ten in six minutes', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const random = seededRandom(seed);
      const room = randomRoomProfile(random);
      let levels: AlertLevels = {};
      let cpuAlerts = 0;
      let co2Alerts = 0;
      const sixMinutes: number[] = [];
      for (let t = START; t < START + 3 * DAY_MS; t += 5_000) {
        const next = alertTransitions(levels, {
          TI: t,
          CP: cpuPercent(t, random, room),
          CO2: co2Ppm(t, random, room),
        });
        levels = next.levels;
        for (const alert of next.alerts) {
          if (alert.sr === 'CP') cpuAlerts++;
          else co2Alerts++;
          sixMinutes.push(t);
        }
      }
      // High and Normal once per peak above 80 %: ~2 peaks a day at most on average.
      expect(cpuAlerts).toBeLessThanOrEqual(3 * 2 * 5);
      // CO2: about one peak a day.
      expect(co2Alerts).toBeLessThanOrEqual(3 * 2 * 3);
      for (let i = 2; i < sixMinutes.length; i++) {
        expect((sixMinutes[i] ?? 0) - (sixMinutes[i - 2] ?? 0)).toBeGreaterThan(6 * 60_000);
      }
    }
  });

  it('writes history from the same model as the live samples of a gateway', () => {
    const spans = [{ from: START, to: START + 3_600_000, stepMs: 60_000 }];
    const history = historySamples(7, 'DE0000000001', spans);
    expect(history).toHaveLength(60);
    expect(history[0]?.TI).toBe(START);
    expect(historySamples(7, 'DE0000000001', spans)).toEqual(history);
    expect(historySamples(7, 'DE0000000002', spans)).not.toEqual(history);
    for (const sample of history) expect(telemetrySample.safeParse(sample).success).toBe(true);
  });

  it('follows a daily cycle: more CO2 and warmer in the afternoon than at night', () => {
    expect(meanAtHour(16, (t, r) => co2Ppm(t, r)) - meanAtHour(4, (t, r) => co2Ppm(t, r))).toBeGreaterThan(
      400,
    );
    expect(
      meanAtHour(17, (t, r) => temperatureCelsius(t, r)) - meanAtHour(5, (t, r) => temperatureCelsius(t, r)),
    ).toBeGreaterThan(5);
  });

  it('shifts the cycle with the local time of the room', () => {
    expect(localHour(Date.UTC(2025, 0, 1, 23), 2)).toBe(1);
    expect(localHour(Date.UTC(2025, 0, 1, 1), -3)).toBe(22);
    expect(dailyCycle(4, 4)).toBe(0);
    expect(dailyCycle(16, 4)).toBe(1);
  });

  it('is deterministic for a seed', () => {
    const run = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 50 }, (_, i) => sensorSample(START + i * 5_000, random, DEFAULT_ROOM));
    };
    expect(run(9)).toEqual(run(9));
    expect(run(9)).not.toEqual(run(10));
    expect(weekOfSamples(1)).toEqual(samples);
  });

  it('keys a sample by the time it was taken', () => {
    expect(sensorSample(START, seededRandom(1)).TI).toBe(START);
  });

  it("reports the air-quality sensor 2's CO2 (CO2_CTN) within a few percent of the first sensor's", () => {
    const random = seededRandom(3);
    for (let i = 0; i < 200; i++) {
      const sample = sensorSample(START + i * 60_000, random);
      expect(Number.isInteger(sample.CO2_CTN)).toBe(true);
      expect(Math.abs(sample.CO2_CTN! - sample.CO2!) / sample.CO2!).toBeLessThan(0.15);
    }
  });
});
