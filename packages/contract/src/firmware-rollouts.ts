import { z } from 'zod';
import { firmwareKind } from './firmware.ts';

/**
 * Staged rollouts (docs/rollouts.md) and the update instruction of the device protocol (docs/mqtt.md
 * section 'Updates'). A gateway counts as updated only when it reports the target version after its reboot
 * and stays healthy for the health window.
 */

/** Spec 001 section 9: SELECT NEXT of 10, 30, 50 or 100 devices. */
export const SELECT_NEXT_OPTIONS = [10, 30, 50, 100] as const;

/** A wave: the next N gateways, or N % of the rollout's gateways (at least one). */
export const waveSize = z.union([
  z.object({ count: z.number().int().min(1).max(100_000) }),
  z.object({ percent: z.number().min(0.01).max(100) }),
]);
export type WaveSize = z.infer<typeof waveSize>;

export const rolloutSettings = z.object({
  waves: z.array(waveSize).min(1).max(20),
  /** Gateways updating at once (notified, not yet booted). */
  concurrency: z.number().int().min(1).max(10_000),
  /** Wait between the end of one wave and the start of the next, ms. */
  paceMs: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3_600_000),
  /** How long a gateway booted on the new version must stay healthy before it counts as updated, ms. */
  healthWindowMs: z
    .number()
    .int()
    .min(0)
    .max(24 * 3_600_000),
  /** A notified gateway that has not booted the version within this fails ('Timed out'), ms. */
  updateTimeoutMs: z
    .number()
    .int()
    .min(1000)
    .max(7 * 24 * 3_600_000),
  /** A wave whose failures pass this share (percent) or this count pauses the rollout. */
  failureThresholdPercent: z.number().min(0).max(100),
  failureThresholdCount: z.number().int().min(1).max(100_000).nullable(),
});
export type RolloutSettings = z.infer<typeof rolloutSettings>;

export const TARGET_STATES = [
  'pending',
  'notified',
  'downloading',
  'downloaded',
  'installing',
  'rebooting',
  'verifying',
  'verified',
  'failed',
  'rolledBack',
  'unreached',
  'left',
] as const;
export type TargetState = (typeof TARGET_STATES)[number];
/** States a gateway's update ends in. */
export const FINAL_TARGET_STATES: readonly TargetState[] = [
  'verified',
  'failed',
  'rolledBack',
  'unreached',
  'left',
];

export const rolloutStatus = z.enum(['running', 'paused', 'cancelled', 'completed']);

/** Counters of one wave or of the whole rollout. */
export const rolloutCounts = z.object({
  eligible: z.number().int(),
  online: z.number().int(),
  notified: z.number().int(),
  downloading: z.number().int(),
  installing: z.number().int(),
  verifying: z.number().int(),
  verified: z.number().int(),
  failed: z.number().int(),
  rolledBack: z.number().int(),
  unreached: z.number().int(),
  pending: z.number().int(),
  left: z.number().int(),
});
export type RolloutCounts = z.infer<typeof rolloutCounts>;

export const rolloutView = z.object({
  id: z.string(),
  scopeId: z.string(),
  kind: firmwareKind,
  version: z.string(),
  status: rolloutStatus,
  pauseReason: z.string().nullable(),
  currentWave: z.number().int(),
  settings: rolloutSettings,
  createdAt: z.string(),
  total: rolloutCounts,
  waves: z.array(rolloutCounts.extend({ wave: z.number().int() })),
  /** Gateways that failed or rolled back, with the reason. */
  failures: z.array(
    z.object({ macId: z.string(), state: z.string(), reason: z.string().nullable(), wave: z.number().int() }),
  ),
});
export type RolloutView = z.infer<typeof rolloutView>;
export const rolloutsResponse = z.array(rolloutView);
export const rolloutsQuery = z.object({ scopeId: z.string().max(100), kind: firmwareKind.optional() });
export const rolloutAction = z.object({ action: z.enum(['pause', 'resume', 'cancel']) });

/** A rollout action its status does not allow (409): a paused or finished one cannot be paused, and so on. */
export const rolloutMessages = {
  pauseRefused: 'Only a running rollout can be paused.',
  resumeRefused: 'Only a paused rollout can be resumed.',
  cancelRefused: 'A finished or cancelled rollout cannot be cancelled.',
} as const;
/** SELECT NEXT: start the next N gateways of the rollout now (the current wave grows by N). */
export const selectNextBody = z.object({ count: z.number().int().min(1).max(100_000) });

/** The maintenance window's messages, the same in the form and from the server. */
export const MAINTENANCE_WINDOW_TEXTS = {
  empty: 'The window must not be empty',
  unknownZone: 'Unknown time zone.',
} as const;

/** Whether `zone` is an IANA time zone this runtime knows (the server's check, and the form's). */
export function isKnownTimeZone(zone: string): boolean {
  if (zone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Per-customer maintenance window: days 0-6 from Sunday, minutes of the day, in the customer's time zone. */
export const maintenanceWindow = z
  .object({
    timeZone: z.string().min(1).max(64),
    days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    startMinute: z.number().int().min(0).max(1439),
    endMinute: z.number().int().min(1).max(1440),
  })
  .refine((w) => w.startMinute !== w.endMinute, { message: MAINTENANCE_WINDOW_TEXTS.empty });
export type MaintenanceWindow = z.infer<typeof maintenanceWindow>;
export const maintenanceWindowResponse = z.object({ window: maintenanceWindow.nullable() });
export const maintenanceWindowBody = z.object({ window: maintenanceWindow.nullable() });

// --- Device protocol ---

/** `gateways/{mac}/receive/update`: the update instruction (QoS 1). */
export const updateInstruction = z.object({
  uid: z.string(),
  kind: firmwareKind,
  version: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** Signed for this gateway and this update; expires at `expiresAt` (ms); answers HTTP range requests. */
  url: z.string(),
  expiresAt: z.number().int(),
});
export type UpdateInstruction = z.infer<typeof updateInstruction>;

export const UPDATE_PROGRESS_STATUSES = [
  'downloading',
  'downloaded',
  'installing',
  'rebooting',
  'booted',
  'failed',
  'rolledBack',
] as const;
export type UpdateProgressStatus = (typeof UPDATE_PROGRESS_STATUSES)[number];

/**
 * `gateways/{mac}/send/update`: the gateway's progress on an update it was given. 'booted' comes after the
 * reboot and reconnect, with the version now running; 'failed' and 'rolledBack' carry a reason.
 */
export const updateProgressMessage = z.object({
  uid: z.string().min(1).max(64),
  status: z.enum(UPDATE_PROGRESS_STATUSES),
  version: z.string().max(40).optional(),
  percent: z.number().min(0).max(100).optional(),
  reason: z.string().max(200).optional(),
  TI: z.number().int().optional(),
});
export type UpdateProgressMessage = z.infer<typeof updateProgressMessage>;

/** Live message on the firmware-upgraded channel: a gateway counted as updated (or a rollout ended). */
export const firmwareUpgradedEvent = z.object({
  type: z.enum(['gatewayUpdated', 'rolloutEnded']),
  kind: firmwareKind,
  version: z.string(),
  macId: z.string().optional(),
  rolloutId: z.string(),
});
