import { z } from 'zod';
import { macId } from './mac.ts';

/**
 * Payloads of the gateway operations (docs/mqtt.md sections 3.2-3.5): whitelist, force probe,
 * instructions and their answers, onboarding. The gateway-operations work builds on these.
 */

/** A lock's name as the gateway reports it and the whitelist names it: letters, numbers and _ . - : @. */
export const deviceLockName = z.string().regex(/^[A-Za-z0-9_.\-:@]{1,40}$/);

/**
 * `gateways/{mac}/receive/devices/whitelist`: lock names (spec 001 section 5; a lock's MAC is a valid name
 * too); '*' (or -1) means every lock; a bare array is accepted too.
 */
export const whitelistMessage = z.union([
  z.object({
    noOfWhiteListedDevices: z.number().int().min(-1),
    listOfWhiteListedLocks: z.array(z.union([deviceLockName, z.literal('*')])).max(10_000),
  }),
  z.array(z.union([deviceLockName, z.literal('*')])).max(10_000),
]);

/** `gateways/{mac}/receive/devices/forceProbe`: lock MACs to probe now. */
export const forceProbeMessage = z.array(macId).min(1).max(10_000);

/** Request key of an instruction: 8 characters from the portal; letters, digits, _ and -, at most 64. */
export const instructionUid = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** `gateways/{mac}/receive/instruction`. */
export const instructionMessage = z.object({
  type: z.string().min(1).max(40),
  uid: instructionUid,
  value: z.unknown().optional(),
});

/** Answer kinds: the `{kind}` level of `gateways/{mac}/send/response/{kind}/{uid}`. */
export const RESPONSE_KINDS = ['diagnostics', 'camera', 'hotspot', 'instruction', 'logs'] as const;

/**
 * `gateways/{mac}/send/response/{kind}/{uid}`: the gateway's final answer to an instruction (SUCCESS or
 * ERROR), preceded for device logs by PROGRESS answers whose value is the percent done.
 */
export const instructionResponse = z.object({
  uid: instructionUid,
  type: z.string().min(1).max(40),
  status: z.enum(['SUCCESS', 'ERROR', 'PROGRESS']),
  TI: z.number().int(),
  value: z.unknown().optional(),
});
export type InstructionResponse = z.infer<typeof instructionResponse>;

/** `gateways/{scopeId}/onboarding/command/{mac}`. */
export const onboardingCommand = z.object({
  command: z.literal('SCAN'),
  totalScanCycles: z.number().int().min(1).max(5).default(5),
});

/** `gateways/{scopeId}/onboarding/status/{mac}`: after each scan cycle, and STOPPED when stopped. */
export const onboardingStatus = z.object({
  TI: z.number().int(),
  status: z.enum(['SCANNING', 'COMPLETED', 'STOPPED']),
  cycle: z.number().int().min(1).max(5).optional(),
  totalScanCycles: z.number().int().min(1).max(5).optional(),
  scannedLocks: z
    .array(z.object({ MAC: macId, RSSI: z.number(), name: deviceLockName.optional() }))
    .max(10_000)
    .optional(),
});
export type OnboardingStatus = z.infer<typeof onboardingStatus>;

/** One lock heard by a scan: its MAC, its name (when it advertises one) and the signal strength in dBm. */
export const scannedLock = z.object({ MAC: macId, name: deviceLockName.optional(), RSSI: z.number() });
export type ScannedLock = z.infer<typeof scannedLock>;

/** `gateways/{mac}/send/scan`: the locks a finished scan heard (the last one is kept for force probe and CSV). */
export const scanReport = z.object({
  TI: z.number().int(),
  locks: z.array(scannedLock).max(10_000),
});
export type ScanReport = z.infer<typeof scanReport>;
