import type { TelemetrySample } from '@portal/contract';
import { chance, gaussian, type Random, uniform } from './random.ts';

/** What makes one gateway's room differ from another's; drawn once per gateway. */
export interface RoomProfile {
  /** Offset of the gateway's local time from UTC, in hours (drives the daily cycle). */
  utcOffsetHours: number;
  /** 0..1: how crowded the room gets at its busiest hour (scales CO2, TVOC and gases). */
  occupancy: number;
  /** Constant shift of the room temperature, in °C. */
  temperatureOffset: number;
}

export const DEFAULT_ROOM: RoomProfile = { utcOffsetHours: 0, occupancy: 0.85, temperatureOffset: 0 };

export const SENSOR_BOUNDS = {
  CO2: { min: 400, max: 1200, spikeMin: 2050, spikeMax: 2600 },
  TEMP: { min: 18, max: 28 },
  NH3: { min: 0, max: 60 },
  NO2: { min: 0, max: 80 },
  CO: { min: 0, max: 1200 },
  TVOC: { min: 0, max: 800 },
  RSTC: { min: 10_000, max: 150_000 },
  CP: { min: 5, max: 60, burstMin: 70, burstMax: 98 },
  MM: { min: 200, max: 900 },
} as const;

const CO2_SPIKE_PROBABILITY = 0.002;
const CPU_BURST_PROBABILITY = 0.03;
const HOUR_MS = 3_600_000;

export function randomRoomProfile(random: Random): RoomProfile {
  return {
    utcOffsetHours: Math.round(uniform(random, -8, 10)),
    occupancy: uniform(random, 0.6, 1),
    temperatureOffset: uniform(random, -1, 1),
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

/** CO2 in ppm: outdoor level at night, rising with occupancy to ~1100 in the afternoon; rare spikes above 2000. */
export function co2Ppm(timeMs: number, random: Random, room: RoomProfile = DEFAULT_ROOM): number {
  const { min, max, spikeMin, spikeMax } = SENSOR_BOUNDS.CO2;
  if (chance(random, CO2_SPIKE_PROBABILITY)) return Math.round(uniform(random, spikeMin, spikeMax));
  const cycle = dailyCycle(localHour(timeMs, room.utcOffsetHours), 4);
  return Math.round(clamp(420 + 720 * cycle * room.occupancy + 25 * gaussian(random), min, max));
}

/** Temperature in °C: coolest around 05:00, warmest around 17:00. */
export function temperatureCelsius(timeMs: number, random: Random, room: RoomProfile = DEFAULT_ROOM): number {
  const { min, max } = SENSOR_BOUNDS.TEMP;
  const cycle = dailyCycle(localHour(timeMs, room.utcOffsetHours), 5);
  return round2(clamp(19 + 8 * cycle + room.temperatureOffset + 0.2 * gaussian(random), min, max));
}

/** CPU load in %: 5-60 normally, with occasional bursts to 70-98. */
export function cpuPercent(timeMs: number, random: Random, room: RoomProfile = DEFAULT_ROOM): number {
  const { min, max, burstMin, burstMax } = SENSOR_BOUNDS.CP;
  if (chance(random, CPU_BURST_PROBABILITY)) return round2(uniform(random, burstMin, burstMax));
  const cycle = dailyCycle(localHour(timeMs, room.utcOffsetHours), 4);
  return round2(clamp(12 + 18 * cycle + 7 * gaussian(random), min, max));
}

/** Used memory in MB: 200-900, higher while the gateway is busy in the day. */
export function memoryMegabytes(timeMs: number, random: Random, room: RoomProfile = DEFAULT_ROOM): number {
  const { min, max } = SENSOR_BOUNDS.MM;
  const cycle = dailyCycle(localHour(timeMs, room.utcOffsetHours), 4);
  return round2(clamp(380 + 320 * cycle + 40 * gaussian(random), min, max));
}

/** Trace gases in ppb and the gas sensor's resistance in ohms (falls as volatile compounds rise). */
export function airQuality(
  timeMs: number,
  random: Random,
  room: RoomProfile = DEFAULT_ROOM,
): Pick<TelemetrySample, 'NH3' | 'NO2' | 'CO' | 'TVOC' | 'RSTC'> {
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
  return {
    TI: timeMs,
    CO2: co2Ppm(timeMs, random, room),
    TEMP: temperatureCelsius(timeMs, random, room),
    ...airQuality(timeMs, random, room),
    CP: cpuPercent(timeMs, random, room),
    MM: memoryMegabytes(timeMs, random, room),
  };
}
