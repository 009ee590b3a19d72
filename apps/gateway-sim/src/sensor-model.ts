import { METRIC_CATALOGUE, type MetricKey, type TelemetrySample } from '@portal/contract';
import { gaussian, type Random, uniform } from './random.ts';

/** What makes one gateway's room differ from another's; drawn once per gateway. */
export interface RoomProfile {
  /** Offset of the gateway's local time from UTC, in hours (drives the daily cycle). */
  utcOffsetHours: number;
  /** 0..1: how crowded the room gets at its busiest hour (scales CO2, TVOC and gases). */
  occupancy: number;
  /** Constant shift of the room temperature, in °C. */
  temperatureOffset: number;
  /** Seed of the gateway's own load pattern (its CPU wander and peaks), so each gateway's load differs. */
  loadSeed: number;
}

export const DEFAULT_ROOM: RoomProfile = {
  utcOffsetHours: 0,
  occupancy: 0.85,
  temperatureOffset: 0,
  loadSeed: 1,
};

/** Each reading's normal range: the metric catalogue's `typical` (packages/contract/src/metrics.ts). */
const TYPICAL = Object.fromEntries(
  Object.entries(METRIC_CATALOGUE).map(([key, metric]) => [key, { ...metric.typical }]),
) as { [K in MetricKey]: { min: number; max: number } };

/** Normal ranges of the readings, and the rare peaks of CO2 (a crowded meeting) and CPU (a job). */
export const SENSOR_BOUNDS = {
  ...TYPICAL,
  CO2: { ...TYPICAL.CO2, spikeMin: 2050, spikeMax: 2600 },
  CP: { ...TYPICAL.CP, burstMin: 70, burstMax: 95 },
} as const;

/** Chance that three hours of a room's time hold one CO2 peak (a crowded meeting). */
const CO2_PEAK_PER_SLOT = 0.12;
/** Chance that an hour of a gateway's time holds one CPU peak (a job running for some minutes). */
const CPU_PEAK_PER_HOUR = 0.08;
const HOUR_MS = 3_600_000;

export function randomRoomProfile(random: Random): RoomProfile {
  return {
    utcOffsetHours: Math.round(uniform(random, -8, 10)),
    occupancy: uniform(random, 0.6, 1),
    temperatureOffset: uniform(random, -1, 1),
    loadSeed: Math.floor(random() * 2 ** 32),
  };
}

/** Local hour of day, 0 <= h < 24. */
export function localHour(timeMs: number, utcOffsetHours: number): number {
  const hours = timeMs / HOUR_MS + utcOffsetHours;
  return ((hours % 24) + 24) % 24;
}

/** Smooth daily cycle in [0, 1]: 0 at `troughHour`, 1 twelve hours later. */
export function dailyCycle(hour: number, troughHour: number): number {
  return 0.5 - 0.5 * Math.cos((2 * Math.PI * (hour - troughHour)) / 24);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * CO2 in ppm: outdoor level at night, rising with occupancy to ~1100 in the afternoon and drifting over
 * minutes; about once a day a peak above 2000 ppm lasting 10-40 minutes.
 */
export function co2Ppm(timeMs: number, random: Random, room: RoomProfile = DEFAULT_ROOM): number {
  const { min, max, spikeMax } = SENSOR_BOUNDS.CO2;
  const cycle = dailyCycle(localHour(timeMs, room.utcOffsetHours), 4);
  const wander = 40 * smoothNoise(timeMs, 15 * 60_000, room.loadSeed + 4);
  const base = clamp(420 + 720 * cycle * room.occupancy + wander + 8 * gaussian(random), min, max);
  const peak = peakAt(timeMs, room.loadSeed + 5, CO2_PEAKS);
  return Math.round(clamp(base + (peak.height - base) * peak.weight, min, spikeMax));
}

/** Temperature in °C: coolest around 05:00, warmest around 17:00. */
export function temperatureCelsius(timeMs: number, random: Random, room: RoomProfile = DEFAULT_ROOM): number {
  const { min, max } = SENSOR_BOUNDS.TEMP;
  const cycle = dailyCycle(localHour(timeMs, room.utcOffsetHours), 5);
  return round2(clamp(19 + 8 * cycle + room.temperatureOffset + 0.2 * gaussian(random), min, max));
}

/** A uniform number in [0, 1) fixed by a seed and an integer (a hash): the same lattice point, the same value. */
export function hashUnit(seed: number, n: number): number {
  let h =
    Math.imul((seed ^ 0x9e3779b9) >>> 0, 0x85ebca6b) ^ Math.imul(n | 0, 0xc2b2ae35) ^ Math.floor(n / 2 ** 32);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
}

/** Smooth noise in [-1, 1] of time: random values every `periodMs`, eased in between (value noise). */
export function smoothNoise(timeMs: number, periodMs: number, seed: number): number {
  const x = timeMs / periodMs;
  const i = Math.floor(x);
  const f = x - i;
  const ease = f * f * (3 - 2 * f);
  const a = hashUnit(seed, i) * 2 - 1;
  const b = hashUnit(seed, i + 1) * 2 - 1;
  return a + (b - a) * ease;
}

/** When and how peaks occur: one slot of time holds a peak with `chance`. */
interface PeakPattern {
  slotMs: number;
  chance: number;
  /** Length of a peak, ms, and of its ramps up and down. */
  shortestMs: number;
  longestMs: number;
  rampMs: number;
  low: number;
  high: number;
}

/** CPU: a peak in about one hour in twelve, 4-20 minutes long, as a firmware job or a burst of lock traffic. */
const CPU_PEAKS: PeakPattern = {
  slotMs: HOUR_MS,
  chance: CPU_PEAK_PER_HOUR,
  shortestMs: 4 * 60_000,
  longestMs: 20 * 60_000,
  rampMs: 60_000,
  low: SENSOR_BOUNDS.CP.burstMin,
  high: SENSOR_BOUNDS.CP.burstMax,
};

/** CO2: about one crowded meeting a day above 2000 ppm, 10-40 minutes, building up over 3 minutes. */
const CO2_PEAKS: PeakPattern = {
  slotMs: 3 * HOUR_MS,
  chance: CO2_PEAK_PER_SLOT,
  shortestMs: 10 * 60_000,
  longestMs: 40 * 60_000,
  rampMs: 3 * 60_000,
  low: SENSOR_BOUNDS.CO2.spikeMin,
  high: SENSOR_BOUNDS.CO2.spikeMax,
};

/**
 * The peak under way at `timeMs`: its weight 0..1 (0 outside a peak, rising and falling smoothly over the
 * ramps) and its height. Whether a slot holds a peak, where it starts, how long and high it is are hashed from
 * the seed and the slot, so they are the same whenever asked (live or when writing history).
 */
export function peakAt(
  timeMs: number,
  seed: number,
  pattern: PeakPattern,
): { weight: number; height: number } {
  const { slotMs } = pattern;
  const slot = Math.floor(timeMs / slotMs);
  // A peak may run on past the end of its slot: look at this slot's and the previous one's.
  for (const s of [slot, slot - 1]) {
    if (hashUnit(seed, s * 4) >= pattern.chance) continue;
    const start = s * slotMs + hashUnit(seed, s * 4 + 1) * slotMs;
    const length = pattern.shortestMs + (pattern.longestMs - pattern.shortestMs) * hashUnit(seed, s * 4 + 2);
    const t = timeMs - start;
    if (t < 0 || t > length) continue;
    const edge = Math.min(t, length - t);
    const weight = edge >= pattern.rampMs ? 1 : 0.5 - 0.5 * Math.cos((Math.PI * edge) / pattern.rampMs);
    return { weight, height: pattern.low + (pattern.high - pattern.low) * hashUnit(seed, s * 4 + 3) };
  }
  return { weight: 0, height: 0 };
}

/** The CPU peak under way at `timeMs` (see CPU_PEAKS). */
export function cpuPeak(timeMs: number, seed: number): { weight: number; height: number } {
  return peakAt(timeMs, seed, CPU_PEAKS);
}

/**
 * CPU load in %: a smooth load of 5-60 % following the day (busier by day) and wandering over minutes,
 * a little jitter per sample, and now and then a peak of 70-95 % lasting minutes. Consecutive samples a few
 * seconds apart differ by a point or two, so an alert with hysteresis is raised once per peak, not flapping.
 */
export function cpuPercent(timeMs: number, random: Random, room: RoomProfile = DEFAULT_ROOM): number {
  const { min, max } = SENSOR_BOUNDS.CP;
  const cycle = dailyCycle(localHour(timeMs, room.utcOffsetHours), 4);
  const wander =
    6 * smoothNoise(timeMs, 20 * 60_000, room.loadSeed) +
    3 * smoothNoise(timeMs, 3 * 60_000, room.loadSeed + 1);
  const base = clamp(12 + 18 * cycle + wander + 0.8 * gaussian(random), min, max);
  const peak = cpuPeak(timeMs, room.loadSeed + 2);
  return round2(clamp(base + (peak.height - base) * peak.weight, min, SENSOR_BOUNDS.CP.burstMax));
}

/** Used memory in MB: 200-900, higher while the gateway is busy in the day, drifting smoothly over half-hours. */
export function memoryMegabytes(timeMs: number, random: Random, room: RoomProfile = DEFAULT_ROOM): number {
  const { min, max } = SENSOR_BOUNDS.MM;
  const cycle = dailyCycle(localHour(timeMs, room.utcOffsetHours), 4);
  const wander = 35 * smoothNoise(timeMs, 30 * 60_000, room.loadSeed + 3);
  return round2(clamp(380 + 320 * cycle + wander + 4 * gaussian(random), min, max));
}

/** Trace gases in ppb and the gas sensor's resistance in ohms (falls as volatile compounds rise). */
export function airQuality(
  timeMs: number,
  random: Random,
  room: RoomProfile = DEFAULT_ROOM,
): Record<'NH3' | 'NO2' | 'CO' | 'TVOC' | 'RSTC', number> {
  const b = SENSOR_BOUNDS;
  const load = dailyCycle(localHour(timeMs, room.utcOffsetHours), 4) * room.occupancy;
  const tvoc = clamp(90 + 380 * load + 25 * gaussian(random), b.TVOC.min, b.TVOC.max);
  return {
    NH3: round2(clamp(6 + 14 * load + 3 * gaussian(random), b.NH3.min, b.NH3.max)),
    NO2: round2(clamp(12 + 22 * load + 4 * gaussian(random), b.NO2.min, b.NO2.max)),
    CO: round2(clamp(220 + 420 * load + 60 * gaussian(random), b.CO.min, b.CO.max)),
    TVOC: round2(tvoc),
    RSTC: Math.round(clamp(95_000 - 120 * tvoc + 2_500 * gaussian(random), b.RSTC.min, b.RSTC.max)),
  };
}

/** One full telemetry sample taken at `timeMs` (epoch ms, which is also the sample's key TI). */
export function sensorSample(
  timeMs: number,
  random: Random,
  room: RoomProfile = DEFAULT_ROOM,
): TelemetrySample {
  const co2 = co2Ppm(timeMs, random, room);
  // Every metric of the catalogue is modelled: a new one is a type error here until it has its value.
  const values: Record<MetricKey, number> = {
    CO2: co2,
    // The air-quality sensor 2 sees the same room through its own CO2 cell: a few percent apart.
    CO2_CTN: Math.round(
      clamp(co2 * (1 + 0.03 * gaussian(random)), SENSOR_BOUNDS.CO2.min, SENSOR_BOUNDS.CO2.spikeMax),
    ),
    TEMP: temperatureCelsius(timeMs, random, room),
    ...airQuality(timeMs, random, room),
    CP: cpuPercent(timeMs, random, room),
    MM: memoryMegabytes(timeMs, random, room),
  };
  return { TI: timeMs, ...values };
}
