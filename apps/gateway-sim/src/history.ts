import type { TelemetrySample } from '@portal/contract';
import { type DeviceFacts, randomDeviceFacts, utcOffsetHours } from './device-profile.ts';
import { type AlertLevels, alertTransitions, type EventItem } from './events.ts';
import { deriveSeed, type Random, seededRandom } from './random.ts';
import { type RoomProfile, randomRoomProfile, sensorSample } from './sensor-model.ts';

/**
 * A gateway's lasting traits, drawn from its 'profile' stream: the facts it reports and its room. The
 * simulator draws them this way, so history written for a MAC and seed matches what it then measures.
 */
export function gatewayProfile(profileRandom: Random): { facts: DeviceFacts; room: RoomProfile } {
  const facts = randomDeviceFacts(profileRandom);
  const room = { ...randomRoomProfile(profileRandom), utcOffsetHours: utcOffsetHours(facts.LCTN) };
  return { facts, room };
}

/** The room of the simulated gateway `mac` under simulation seed `seed`. */
export function roomOf(seed: number, mac: string): RoomProfile {
  return gatewayProfile(seededRandom(deriveSeed(seed, mac, 'profile'))).room;
}

/** A stretch of history sampled every `stepMs` from `from` (included) to `to` (excluded), epoch ms. */
export interface HistorySpan {
  from: number;
  to: number;
  stepMs: number;
}

/**
 * The samples the simulated gateway `mac` would have sent over the spans, from the same sensor model as
 * its live telemetry (daily cycles, CPU wander and peaks); times are aligned to the step.
 */
export function historySamples(seed: number, mac: string, spans: readonly HistorySpan[]): TelemetrySample[] {
  const room = roomOf(seed, mac);
  const random = seededRandom(deriveSeed(seed, mac, 'history'));
  const samples: TelemetrySample[] = [];
  for (const { from, to, stepMs } of spans) {
    for (let t = Math.ceil(from / stepMs) * stepMs; t < to; t += stepMs)
      samples.push(sensorSample(t, random, room));
  }
  return samples;
}

/**
 * The alerts (SA items) the gateway would have sent along its history samples: the same rules and
 * hysteresis as live (events.ts), one entry per sample time that changed an alert level.
 */
export function historyAlerts(samples: readonly TelemetrySample[]): { TI: number; SA: EventItem[] }[] {
  let levels: AlertLevels = {};
  const raised: { TI: number; SA: EventItem[] }[] = [];
  for (const sample of samples) {
    const next = alertTransitions(levels, sample);
    levels = next.levels;
    if (next.alerts.length > 0) raised.push({ TI: sample.TI, SA: next.alerts });
  }
  return raised;
}
