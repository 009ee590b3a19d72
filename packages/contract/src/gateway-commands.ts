import { z } from 'zod';
import { macId } from './mac.ts';

/**
 * Gateway commands, whitelist, force probe, hotspot, onboarding, activity feed and scanned locks
 * (spec 001 sections 4, 5, 7, 8, 9; docs/gateway-operations.md "Commands"). Texts the spec gives are verbatim.
 */

export const gatewayCommandMessages = {
  scanning: 'Gateway Scanning started ...',
  forcedIdle: 'Gateway has been Forced to Idle ...',
  restarted: 'Gateway Restarted ...',
  applyingScanFrequency: 'Applying Scan Frequency ...',
  applyingRssi: 'Applying Rssi Value ...',
  offline: 'Gateway is offline...',
  offlineLabel: '(Gateway is offline)',
  waitingForGateway: 'Waiting For Gateway...',
  forceProbePublished: 'Successfully published force probe',
  invalidForceProbeLocks: 'Please select valid locks for force probe',
  invalidScanFrequency: 'Invalid Scan Frequency',
  scanFrequencyTooHigh: 'Value must be below 10800',
  rssiMustBeNegative: 'Value must be negative',
  csvHeadersInvalid: 'Headers of selected csv file are not valid, please check and retry',
  csvEmpty: 'Uploaded file is empty, please check and retry.',
  hotspotUpdated: (mac: string) => `Successfully updated hotspot status for ${mac}`,
  hotspotFailed: (mac: string) => `Failed to update hotspot status for ${mac}`,
  refreshingActivityLogs: 'Refreshing Activity Logs',
  /** Our wording: the spec gives no text for these. */
  clearingBlacklist: 'Clearing Blacklisted Locks ...',
  notIdle: 'Gateway must be in IdleState to change this setting',
  hotspotInProgress: 'A hotspot change is already in progress',
  invalidLockName: 'Lock names may only use letters, numbers and _ . - : @',
  whitelistSaved: 'Whitelist updated',
  onboardingScansOutOfRange: 'Number of scans must be between 1 and 5',
  activityRangeTooLong: "Activity feed range can't exceed 3 months",
  activityRangeInvalid: 'From time must not be after To time',
} as const;

// ---- commands -------------------------------------------------------------------------------------------

export const GATEWAY_COMMANDS = [
  'SCAN',
  'FORCE-IDLE',
  'REMOVE-BLACKLISTED-LOCKS',
  'RESET',
  'POLLING-INTERVAL',
  'RSSI-VALUE',
] as const;
export type GatewayCommandName = (typeof GATEWAY_COMMANDS)[number];

/** The progress notice shown when a command is sent (spec 001 section 4). */
export const commandNotice: Record<GatewayCommandName, string> = {
  SCAN: gatewayCommandMessages.scanning,
  'FORCE-IDLE': gatewayCommandMessages.forcedIdle,
  'REMOVE-BLACKLISTED-LOCKS': gatewayCommandMessages.clearingBlacklist,
  RESET: gatewayCommandMessages.restarted,
  'POLLING-INTERVAL': gatewayCommandMessages.applyingScanFrequency,
  'RSSI-VALUE': gatewayCommandMessages.applyingRssi,
};

/** The engine state in which the scan frequency and RSSI threshold may be changed. */
export const IDLE_STATE = 'IdleState';

export const SCAN_FREQUENCY_MIN = 1;
export const SCAN_FREQUENCY_MAX = 10800;
export const RSSI_MIN = -1000;
export const RSSI_MAX = 0;

/** Scan frequency in minutes, 1..10800 (spec 001 section 5). */
export const scanFrequencyMinutes = z
  .number({ error: gatewayCommandMessages.invalidScanFrequency })
  .int(gatewayCommandMessages.invalidScanFrequency)
  .min(SCAN_FREQUENCY_MIN, gatewayCommandMessages.invalidScanFrequency)
  .max(SCAN_FREQUENCY_MAX, gatewayCommandMessages.scanFrequencyTooHigh);

/** RSSI threshold in dBm, -1000..0; below reuses 'Invalid Scan Frequency' as the spec does. */
export const rssiThreshold = z
  .number({ error: gatewayCommandMessages.invalidScanFrequency })
  .int(gatewayCommandMessages.invalidScanFrequency)
  .min(RSSI_MIN, gatewayCommandMessages.invalidScanFrequency)
  .max(RSSI_MAX, gatewayCommandMessages.rssiMustBeNegative);

/** POST /api/gateway/{mac}/command. */
export const gatewayCommandBody = z.discriminatedUnion('command', [
  z.object({ command: z.literal('SCAN') }),
  z.object({ command: z.literal('FORCE-IDLE') }),
  z.object({ command: z.literal('REMOVE-BLACKLISTED-LOCKS') }),
  z.object({ command: z.literal('RESET') }),
  z.object({ command: z.literal('POLLING-INTERVAL'), pollingInterval: scanFrequencyMinutes }),
  z.object({ command: z.literal('RSSI-VALUE'), rssiValue: rssiThreshold }),
]);
export type GatewayCommandBody = z.infer<typeof gatewayCommandBody>;

/** Answer of the command call: what was sent and the notice to show. */
export const gatewayCommandAccepted = z.object({
  macId: z.string(),
  command: z.enum(GATEWAY_COMMANDS),
  message: z.string(),
});
export type GatewayCommandAccepted = z.infer<typeof gatewayCommandAccepted>;

export const gatewayMacParams = z.object({ mac: macId });

// ---- whitelist ------------------------------------------------------------------------------------------

export const WHITELIST_ALL = '*';
export const LOCK_NAME_MAX_LENGTH = 40;
export const WHITELIST_MAX_ENTRIES = 10_000;
/** Letters, numbers and _ . - : @ (spec 001 section 5). */
export const LOCK_NAME_PATTERN = /^[A-Za-z0-9_.\-:@]+$/;

export const lockName = z
  .string()
  .trim()
  .min(1, gatewayCommandMessages.invalidLockName)
  .max(LOCK_NAME_MAX_LENGTH, gatewayCommandMessages.invalidLockName)
  .regex(LOCK_NAME_PATTERN, gatewayCommandMessages.invalidLockName);

export const isValidLockName = (name: string) => lockName.safeParse(name).success;

/** '*' anywhere collapses the list to ['*']; otherwise trimmed, de-duplicated and sorted. */
export function normalizeWhitelist(list: readonly string[]): string[] {
  const names = list.map((name) => name.trim()).filter((name) => name !== '');
  if (names.includes(WHITELIST_ALL)) return [WHITELIST_ALL];
  return [...new Set(names)].sort();
}

/** Count sent with the list: -1 means every lock. */
export function whitelistCount(list: readonly string[]): number {
  return list.length === 1 && list[0] === WHITELIST_ALL ? -1 : list.length;
}

/** PUT /api/gateway/{mac}/whitelist. */
export const whitelistBody = z.object({
  listOfWhiteListedLocks: z
    .array(z.union([z.literal(WHITELIST_ALL), lockName]))
    .max(WHITELIST_MAX_ENTRIES)
    .transform(normalizeWhitelist),
});
export type WhitelistBody = z.input<typeof whitelistBody>;

export const whitelistSaved = z.object({
  macId: z.string(),
  noOfWhiteListedDevices: z.number().int(),
  listOfWhiteListedLocks: z.array(z.string()),
});
export type WhitelistSaved = z.infer<typeof whitelistSaved>;

export const WHITELIST_CSV_HEADER = 'Lock Name';

export type WhitelistCsvResult = { ok: true; list: string[] } | { ok: false; error: string };

/**
 * Merges a whitelist CSV (first line 'Lock Name', one name per line, first column) into the current list:
 * de-duplicated and sorted, '*' collapsing it. Errors are the spec's texts (and ours for a bad name).
 */
export function mergeWhitelistCsv(current: readonly string[], csvText: string): WhitelistCsvResult {
  const lines = csvText
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => firstCell(line))
    .filter((cell) => cell !== '');
  if (lines.length === 0) return { ok: false, error: gatewayCommandMessages.csvEmpty };
  if (lines[0] !== WHITELIST_CSV_HEADER)
    return { ok: false, error: gatewayCommandMessages.csvHeadersInvalid };
  const names = lines.slice(1);
  if (names.length === 0) return { ok: false, error: gatewayCommandMessages.csvEmpty };
  const bad = names.find((name) => name !== WHITELIST_ALL && !isValidLockName(name));
  if (bad !== undefined) return { ok: false, error: gatewayCommandMessages.invalidLockName };
  return { ok: true, list: normalizeWhitelist([...current, ...names]) };
}

function firstCell(line: string): string {
  const cell = line.split(',')[0] ?? '';
  return cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
}

// ---- force probe ----------------------------------------------------------------------------------------

/** POST /api/gateway/{mac}/force-probe: names or MACs of locks the gateway heard in its last scan. */
export const forceProbeBody = z.object({
  locks: z
    .array(z.string().trim().min(1).max(LOCK_NAME_MAX_LENGTH))
    .min(1, gatewayCommandMessages.invalidForceProbeLocks)
    .max(1000),
});
export type ForceProbeBody = z.infer<typeof forceProbeBody>;

export const forceProbeAccepted = z.object({
  macId: z.string(),
  locks: z.array(z.string()),
  message: z.string(),
});

// ---- hotspot --------------------------------------------------------------------------------------------

/** PUT /api/gateway/{mac}/hotspot: the hotspot state to switch to. */
export const hotspotBody = z.object({ HS: z.union([z.literal(0), z.literal(1)]) });
export type HotspotBody = z.infer<typeof hotspotBody>;
export const hotspotAccepted = z.object({ macId: z.string(), HS: z.number(), HSIPRC: z.literal(1) });

/** The portal event saved when a hotspot change starts; val 'OFF to ON' / 'ON to OFF', val2 the user's e-mail. */
export const HOTSPOT_INITIATED_EVENT = 'Hotspot Status Initiated';
export const hotspotTransition = (HS: 0 | 1) => (HS === 1 ? 'OFF to ON' : 'ON to OFF');

/** Live result of a hotspot change on `portal/{scope}/gateways`. */
export const hotspotLiveMessage = z.object({
  type: z.enum(['HSIPRCModified', 'HSIPRFAILED']),
  macId: z.string(),
  message: z.string(),
});
export type HotspotLiveMessage = z.infer<typeof hotspotLiveMessage>;

// ---- onboarding -----------------------------------------------------------------------------------------

export const ONBOARDING_SCANS_MIN = 1;
export const ONBOARDING_SCANS_MAX = 5;
export const ONBOARDING_SCANS_DEFAULT = 5;
export const ONBOARDING_CSV_NAME = 'On-boarding.csv';

export const onboardingScanCount = z
  .number({ error: gatewayCommandMessages.onboardingScansOutOfRange })
  .int(gatewayCommandMessages.onboardingScansOutOfRange)
  .min(ONBOARDING_SCANS_MIN, gatewayCommandMessages.onboardingScansOutOfRange)
  .max(ONBOARDING_SCANS_MAX, gatewayCommandMessages.onboardingScansOutOfRange);

/** POST /api/gateway/onboarding/start. */
export const onboardingStartBody = z.object({
  macIds: z.array(macId).min(1).max(500),
  totalScanCycles: onboardingScanCount.default(ONBOARDING_SCANS_DEFAULT),
});
export type OnboardingStartBody = z.input<typeof onboardingStartBody>;

/** POST /api/gateway/onboarding/stop. */
export const onboardingStopBody = z.object({ macIds: z.array(macId).min(1).max(500) });
export type OnboardingStopBody = z.infer<typeof onboardingStopBody>;

/** Per gateway: started/stopped, or refused with the reason (e.g. 'Gateway is offline...'). */
export const onboardingResults = z.object({
  results: z.array(z.object({ macId: z.string(), ok: z.boolean(), message: z.string().optional() })),
});
export type OnboardingResults = z.infer<typeof onboardingResults>;

/** One lock heard during a scan, as the browser shows it (spec 001 section 3, onboarding status). */
export const scannedLockDetail = z.object({ lockName: z.string(), macId: z.string(), rssiValue: z.number() });
export type ScannedLockDetail = z.infer<typeof scannedLockDetail>;

/** Live onboarding progress on `portal/{scope}/onboarding/{mac}`; pass is the scan cycle just finished. */
export const onboardingLiveMessage = z.object({
  macId: z.string(),
  status: z.enum(['SCANNING', 'COMPLETED', 'STOPPED']),
  pass: z.number().int().nullable(),
  totalScanCycles: z.number().int().nullable(),
  scannedLocks: z.number().int(),
  locksDetails: z.array(scannedLockDetail),
  TI: z.number(),
});
export type OnboardingLiveMessage = z.infer<typeof onboardingLiveMessage>;

// ---- activity feed --------------------------------------------------------------------------------------

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Feed intervals; 12 hours is handled but not in the picker; months are 30.4 and 91.25 days in the feed. */
export const ACTIVITY_FEED_INTERVALS = [
  { label: '1 hour', ms: HOUR, inPicker: true },
  { label: '6 hours', ms: 6 * HOUR, inPicker: true },
  { label: '12 hours', ms: 12 * HOUR, inPicker: false },
  { label: '24 hours', ms: DAY, inPicker: true },
  { label: '1 week', ms: 7 * DAY, inPicker: true },
  { label: '2 weeks', ms: 14 * DAY, inPicker: true },
  { label: '1 month', ms: 30.4 * DAY, inPicker: true },
  { label: '3 months', ms: 91.25 * DAY, inPicker: true },
] as const;
export type ActivityFeedInterval = (typeof ACTIVITY_FEED_INTERVALS)[number]['label'];
export const ACTIVITY_FEED_DEFAULT_INTERVAL: ActivityFeedInterval = '1 hour';
export const ACTIVITY_FEED_MAX_RANGE_MS = 91.25 * DAY;

/** GET /api/gateway-activity-logs/logs?macId=&fromTime=&toTime= (epoch ms). */
export const activityLogsQuery = z
  .object({
    macId,
    fromTime: z.coerce.number().int().min(0),
    toTime: z.coerce.number().int().min(0),
  })
  .refine((q) => q.fromTime <= q.toTime, { message: gatewayCommandMessages.activityRangeInvalid })
  .refine((q) => q.toTime - q.fromTime <= ACTIVITY_FEED_MAX_RANGE_MS, {
    message: gatewayCommandMessages.activityRangeTooLong,
  });
export type ActivityLogsQuery = z.input<typeof activityLogsQuery>;

/** One activity-feed entry (spec 001 section 3, gateway activity log entry). */
export const activityLogEntry = z.object({
  date: z.number(),
  message: z.string(),
  type: z.enum(['event', 'alert']),
  scanMadeBy: z.string().optional(),
  scannedLocks: z.number().optional(),
  whiteListedLocks: z.union([z.number(), z.string()]).optional(),
  locksProbe: z.number().optional(),
  historyFetch: z.number().optional(),
  gatewayConnectionStatus: z.enum(['Online', 'Offline']).optional(),
  gatewayReboot: z.boolean().optional(),
  deviceScopeChange: z.object({ from: z.string(), to: z.string() }).optional(),
  status: z.string().optional(),
  errorText: z.string().optional(),
});
export type ActivityLogEntry = z.infer<typeof activityLogEntry>;
/** Newest first. */
export const activityLogList = z.array(activityLogEntry);

/** Our wording of the feed lines for what the portal sent and for connection changes. */
export const activityMessages = {
  online: 'Gateway Online',
  offline: 'Gateway Offline',
  SCAN: 'Scan requested',
  'FORCE-IDLE': 'Force idle requested',
  'REMOVE-BLACKLISTED-LOCKS': 'Clear blacklist requested',
  RESET: 'Restart requested',
  'POLLING-INTERVAL': (minutes: number) => `Scan frequency set to ${minutes} minutes`,
  'RSSI-VALUE': (dbm: number) => `Rssi value set to ${dbm}`,
  WHITELIST: 'Whitelist saved',
  'FORCE-PROBE': 'Force probe requested',
  'ONBOARDING-START': (scans: number) => `Onboarding started (${scans} scans)`,
  'ONBOARDING-STOP': 'Onboarding stopped',
  'SCOPE-CHANGE': 'Gateway moved to another customer',
} as const;

// ---- scanned locks --------------------------------------------------------------------------------------

/** GET /api/gateway/{mac}/last-scan: the locks the gateway's last scan heard (force probe picks from them). */
export const lastScan = z.object({ TI: z.number().nullable(), locks: z.array(scannedLockDetail) });
export type LastScan = z.infer<typeof lastScan>;

export const SCANNED_LOCKS_CSV_NAME = 'ScannedData.csv';
export const SCANNED_LOCKS_CSV_HEADERS = ['Lock Name', 'MAC', 'RSSI', 'Time'] as const;
