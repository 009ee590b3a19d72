import { z } from 'zod';
import { deviceLockName } from './device-operations.ts';
import { METRIC_CATALOGUE, sampleFields } from './metrics.ts';

/** At most this many names in a state's `listOfWhiteListedLocks`. */
export const MAX_REPORTED_WHITELIST = 1000;

/** Epoch milliseconds; bounded so a wrong unit (seconds, microseconds) is refused. */
const epochMs = z.number().int().min(1_500_000_000_000).max(4_102_444_800_000);

/** `gateways/{mac}/send/status`: online (CS 1) or offline (CS 0). The will message carries CS 0. */
export const deviceStatusMessage = z.object({
  CS: z.union([z.literal(0), z.literal(1)]),
  TI: epochMs.optional(),
});
export type DeviceStatusMessage = z.infer<typeof deviceStatusMessage>;

export const gatewayLocation = z.object({
  SRT: z.string().max(40).optional(),
  CTY: z.string().max(40).optional(),
  STATE: z.string().max(40).optional(),
  CNTRY: z.string().max(40).optional(),
  ZCODE: z.string().max(20).optional(),
  LAT: z.number().min(-90).max(90).optional(),
  LNG: z.number().min(-180).max(180).optional(),
});

/** Live state of the gateway's lock engine (spec 001 section 3). */
export const gatewayLiveState = z.object({
  currentState: z.string().max(40).optional(),
  currentLock: z.string().max(40).nullable().optional(),
  currentLockRssi: z.number().nullable().optional(),
  whitelistedLocksCount: z.union([z.number().int(), z.literal('*')]).optional(),
  totalScannedLocks: z.number().int().optional(),
  totalWhitelistedScannedLocks: z.number().int().optional(),
  totalScannedLocksCount: z.number().int().optional(),
  unreacheableLocksList: z.array(z.string()).max(1000).optional(),
  pollInterval: z.number().int().optional(),
  rssiValue: z.number().optional(),
  nextScanAt: z.number().optional(),
  locksYetToProbeCount: z.number().int().optional(),
  locksYetToFetchHistoryCount: z.number().int().optional(),
  lockWithStrongestRssi: z.string().nullable().optional(),
  strongestRssi: z.number().nullable().optional(),
  lockWithWeakestRssi: z.string().nullable().optional(),
  weakestRssi: z.number().nullable().optional(),
  locksToUpdateFwCount: z.number().int().optional(),
});

/** `gateways/{mac}/send/state`: device facts, sent at connect and whenever one changes. */
/** The names of a whitelist the gateway reports, or ['*'] for every lock; bounded like the whitelist message. */
export const reportedWhitelistNames = z
  .array(z.union([deviceLockName, z.literal('*')]))
  .max(MAX_REPORTED_WHITELIST);

export const deviceStateMessage = z.object({
  TI: epochMs,
  FW: z.string().max(40).optional(),
  OS: z.string().max(40).optional(),
  NW: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  SS: z.number().int().min(0).max(5).optional(),
  HS: z.union([z.literal(0), z.literal(1)]).optional(),
  HSIPRC: z.union([z.literal(0), z.literal(1)]).optional(),
  CMS: z.union([z.literal(0), z.literal(1)]).optional(),
  LCTN: gatewayLocation.optional(),
  state: gatewayLiveState.optional(),
  /**
   * The whitelist the gateway holds, named as the whitelist message names locks, or ['*'] for every lock
   * (docs/mqtt.md 2.2): sent in the state after connect and after a whitelist change. Older firmware
   * reports only `state.whitelistedLocksCount`.
   */
  listOfWhiteListedLocks: reportedWhitelistNames.optional(),
});
export type DeviceStateMessage = z.infer<typeof deviceStateMessage>;

/**
 * One time-series sample (spec 001 section 3); every sensor is optional, TI is the key. The sensors, their
 * units and bounds are the metric catalogue's (metrics.ts; docs/mqtt.md 2.3).
 */
export const telemetrySample = z.object({ TI: epochMs, ...sampleFields(METRIC_CATALOGUE) });
export type TelemetrySample = z.infer<typeof telemetrySample>;

export const MAX_SAMPLES_PER_MESSAGE = 500;
/** How old a backlog sample may be when it arrives (a gateway back from a week offline still counts). */
export const MAX_SAMPLE_AGE_MS = 7 * 24 * 3600_000;
/** How far ahead of the portal's clock a gateway's clock may run. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** Largest `seq` of a telemetry message: it must survive JSON as an exact integer. */
export const MAX_TELEMETRY_SEQ = Number.MAX_SAFE_INTEGER;

/**
 * `gateways/{mac}/send/telemetry`: one or more samples (a gateway back online sends its backlog). With `seq`
 * the portal says when the message is stored (or refused for good) on `gateways/{mac}/receive/stored`, and the
 * gateway keeps its samples until then (docs/mqtt.md 2.3): a broker that acknowledged a message and then lost
 * it (a restart before the portal subscribed again) loses nothing.
 */
export const telemetryMessage = z.object({
  samples: z.array(telemetrySample).min(1).max(MAX_SAMPLES_PER_MESSAGE),
  seq: z.number().int().min(0).max(MAX_TELEMETRY_SEQ).optional(),
});
export type TelemetryMessage = z.infer<typeof telemetryMessage>;

/** `gateways/{mac}/receive/stored`: the `seq` of telemetry messages stored, and of those refused for good. */
export const storedConfirmation = z.object({
  stored: z.array(z.number().int().min(0).max(MAX_TELEMETRY_SEQ)),
  refused: z.array(z.number().int().min(0).max(MAX_TELEMETRY_SEQ)).optional(),
});
export type StoredConfirmation = z.infer<typeof storedConfirmation>;

/** Event or alert item: alrt 0 low, 1 high, 2 normal. */
export const eventItem = z.object({
  nme: z.string().min(1).max(80),
  val: z.union([z.string().max(200), z.number()]),
  val2: z.union([z.string().max(200), z.number()]).optional(),
  sr: z.string().max(20).optional(),
  alrt: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
});

/** `gateways/{mac}/send/events`: events (SE) and alerts (SA) raised at TI. */
export const eventsMessage = z
  .object({
    TI: epochMs,
    SE: z.array(eventItem).max(100).optional(),
    SA: z.array(eventItem).max(100).optional(),
  })
  .refine((m) => (m.SE?.length ?? 0) + (m.SA?.length ?? 0) > 0, 'SE or SA must hold at least one item');
export type EventsMessage = z.infer<typeof eventsMessage>;

/** Commands on `gateways/{scopeId}/command/{mac}` (spec 001 section 7). */
export const gatewayCommand = z.discriminatedUnion('command', [
  z.object({ command: z.literal('SCAN') }),
  z.object({ command: z.literal('FORCE-IDLE') }),
  z.object({ command: z.literal('REMOVE-BLACKLISTED-LOCKS') }),
  z.object({ command: z.literal('RESET') }),
  z.object({ command: z.literal('POLLING-INTERVAL'), pollingInterval: z.number().int().min(1).max(10800) }),
  z.object({ command: z.literal('RSSI-VALUE'), rssiValue: z.number().int().min(-1000).max(0) }),
]);
export type GatewayCommand = z.infer<typeof gatewayCommand>;
