import {
  deviceDown,
  deviceLockName,
  type GatewayCommand,
  gatewayCommand,
  normalizeMac,
  topicMatches,
} from '@portal/contract';
import type { Whitelist } from './lock-engine.ts';

/** A message the portal sends a gateway, after validation. */
export type DownstreamMessage =
  | { kind: 'command'; command: GatewayCommand }
  | { kind: 'whitelist'; whitelist: Whitelist }
  | { kind: 'forceProbe'; locks: string[] }
  | { kind: 'instruction'; instruction: Instruction }
  | { kind: 'onboardingScan'; totalScanCycles: number }
  | { kind: 'onboardingStop' };

export type DownstreamKind = DownstreamMessage['kind'];

/** An instruction on `gateways/{mac}/receive/instruction` (diagnostics, camera, hotspot, lock/unlock...). */
export interface Instruction {
  type: string;
  /** The request's key; the answer goes to `gateways/{mac}/send/response/{kind}/{uid}`. */
  uid: string;
  value?: unknown;
}

export type ParseOutcome = { ok: true; message: DownstreamMessage } | { ok: false; reason: string };

export interface Subscription {
  filter: string;
  kind: DownstreamKind;
}

export const ONBOARDING_SCAN_CYCLES = { min: 1, max: 5, default: 5 } as const;

/** Everything a gateway subscribes to (QoS 1). The command topic's tenant level is a wildcard. */
export function gatewaySubscriptions(mac: string, scopeId?: string): Subscription[] {
  const subscriptions: Subscription[] = [
    { filter: deviceDown.command('+', mac), kind: 'command' },
    { filter: deviceDown.whitelist(mac), kind: 'whitelist' },
    { filter: deviceDown.forceProbe(mac), kind: 'forceProbe' },
    { filter: deviceDown.instruction(mac), kind: 'instruction' },
  ];
  if (scopeId) {
    subscriptions.push(
      { filter: deviceDown.onboardingStop(scopeId), kind: 'onboardingStop' },
      { filter: deviceDown.onboardingCommand(scopeId, mac), kind: 'onboardingScan' },
    );
  }
  return subscriptions;
}

export function kindOfTopic(subscriptions: readonly Subscription[], topic: string): DownstreamKind | null {
  return subscriptions.find((subscription) => topicMatches(subscription.filter, topic))?.kind ?? null;
}

function parseJson(payload: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(payload) };
  } catch {
    return { ok: false };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * Whitelist: `{ noOfWhiteListedDevices, listOfWhiteListedLocks }` (the gateway dialog's fields) or a bare list
 * of lock names (letters, numbers and _ . - : @; a MAC is a name too). `'*'` in the list, or a count of -1,
 * means every lock.
 */
export function parseWhitelist(value: unknown): Whitelist | null {
  const record = isRecord(value) ? value : { listOfWhiteListedLocks: value };
  const list = record.listOfWhiteListedLocks;
  if (record.noOfWhiteListedDevices === -1) return '*';
  if (!isStringArray(list)) return null;
  if (list.includes('*')) return '*';
  return list.every((name) => deviceLockName.safeParse(name).success) ? [...new Set(list)] : null;
}

function parseLockList(value: unknown): string[] | null {
  if (!isStringArray(value) || value.length === 0) return null;
  const macs = value.map(normalizeMac);
  return macs.every((mac): mac is string => mac !== null) ? macs : null;
}

function parseInstruction(value: unknown): Instruction | null {
  if (!isRecord(value)) return null;
  const { type, uid } = value;
  if (typeof type !== 'string' || type.length === 0 || typeof uid !== 'string') return null;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(uid)) return null;
  return { type, uid, value: value.value };
}

function parseOnboardingScan(value: unknown): number | null {
  if (!isRecord(value) || value.command !== 'SCAN') return null;
  const cycles = value.totalScanCycles ?? ONBOARDING_SCAN_CYCLES.default;
  const { min, max } = ONBOARDING_SCAN_CYCLES;
  return Number.isInteger(cycles) && typeof cycles === 'number' && cycles >= min && cycles <= max
    ? cycles
    : null;
}

/** Validates a payload received for `kind`; a bad payload is reported, never thrown. */
export function parseDownstream(kind: DownstreamKind, payload: string): ParseOutcome {
  if (kind === 'onboardingStop') return { ok: true, message: { kind } };
  const json = parseJson(payload);
  if (!json.ok) return { ok: false, reason: 'payload is not JSON' };
  const value = json.value;
  switch (kind) {
    case 'command': {
      const parsed = gatewayCommand.safeParse(value);
      return parsed.success
        ? { ok: true, message: { kind, command: parsed.data } }
        : {
            ok: false,
            reason: `invalid command: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`,
          };
    }
    case 'whitelist': {
      const whitelist = parseWhitelist(value);
      return whitelist
        ? { ok: true, message: { kind, whitelist } }
        : { ok: false, reason: 'invalid whitelist' };
    }
    case 'forceProbe': {
      const locks = parseLockList(value);
      return locks
        ? { ok: true, message: { kind, locks } }
        : { ok: false, reason: 'invalid force-probe lock list' };
    }
    case 'instruction': {
      const instruction = parseInstruction(value);
      return instruction
        ? { ok: true, message: { kind, instruction } }
        : { ok: false, reason: 'invalid instruction' };
    }
    case 'onboardingScan': {
      const totalScanCycles = parseOnboardingScan(value);
      return totalScanCycles
        ? { ok: true, message: { kind, totalScanCycles } }
        : { ok: false, reason: 'invalid onboarding command' };
    }
  }
}

/**
 * The JSON of a message on this gateway's command topic whose `command` is `name` (PUMP, ALERT-CONFIG...), for
 * the modules that handle one command each; null for any other message.
 */
export function namedCommand(mac: string, name: string, topic: string, payload: string): unknown {
  if (!topicMatches(deviceDown.command('+', mac), topic)) return null;
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  return isRecord(json) && json.command === name ? json : null;
}
