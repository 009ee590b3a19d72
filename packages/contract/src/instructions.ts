import { z } from 'zod';
import { instructionUid } from './device-operations.ts';
import { gatewayCommandMessages } from './gateway-commands.ts';
import { macId } from './mac.ts';

/**
 * Instructions (docs/gateway-operations.md, "Instructions"): a request to one gateway with a deadline,
 * ended by the gateway's answer, a browser's abort or the deadline. Texts are spec 001 section 8 verbatim.
 */

export const INSTRUCTION_TYPES = [
  'DIAGNOSTICS',
  'CAMERA_CAPTURE',
  'HOTSPOT',
  'LOGS',
  'UNREGISTER',
  'LOCK_DEVICE_LOCK_UNLOCK',
  'ADD_LOCKDEVICE_USER',
  'REMOVE_LOCKDEVICE_USER',
  'REMOVE_IOT_USER',
  'LOCK_DEVICE_MODE',
] as const;
export const instructionType = z.enum(INSTRUCTION_TYPES);
export type InstructionType = z.infer<typeof instructionType>;

/** Types a viewer (IOT_DEVICE_READ) may request; every other type needs GATEWAY_INSTRUCTIONS_WRITE. */
export const VIEWING_INSTRUCTION_TYPES: readonly InstructionType[] = [
  'DIAGNOSTICS',
  'CAMERA_CAPTURE',
  'LOGS',
];

/** Types of which a gateway has at most one PENDING: a second request returns the pending one. */
export const SINGLE_PENDING_TYPES: readonly InstructionType[] = ['DIAGNOSTICS', 'CAMERA_CAPTURE', 'LOGS'];

export const INSTRUCTION_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'ABORTED'] as const;
export const instructionStatus = z.enum(INSTRUCTION_STATUSES);
export type InstructionStatus = z.infer<typeof instructionStatus>;

/** Deadlines (spec 001 section 9); lock and user instructions wait a day for a gateway to come back. */
export const INSTRUCTION_DEADLINES_MS: Record<InstructionType, number> = {
  DIAGNOSTICS: 15_000,
  CAMERA_CAPTURE: 30_000,
  LOGS: 60_000,
  HOTSPOT: 90_000,
  UNREGISTER: 24 * 3600_000,
  LOCK_DEVICE_LOCK_UNLOCK: 24 * 3600_000,
  ADD_LOCKDEVICE_USER: 24 * 3600_000,
  REMOVE_LOCKDEVICE_USER: 24 * 3600_000,
  REMOVE_IOT_USER: 24 * 3600_000,
  LOCK_DEVICE_MODE: 24 * 3600_000,
};
/** Device logs take 90 s instead of 60 s from this gateway app version on (spec: "above 158"). */
export const LOGS_SLOW_APP_VERSION_ABOVE = 158;
export const LOGS_SLOW_DEADLINE_MS = 90_000;
/** The diagnostics dialog waits this long before asking. */
export const DIAGNOSTICS_START_DELAY_MS = 500;

export function instructionDeadlineMs(type: InstructionType, appVersion?: number | null): number {
  if (type === 'LOGS' && appVersion != null && appVersion > LOGS_SLOW_APP_VERSION_ABOVE) {
    return LOGS_SLOW_DEADLINE_MS;
  }
  return INSTRUCTION_DEADLINES_MS[type];
}

/** Error values a gateway (or the deadline) puts in an answer. */
export const INSTRUCTION_ERRORS = {
  cameraCapture: 'ERR_CAMERA_CAPTURE',
  gatewayRebooted: 'GATEWAY_REBOOTED',
  sendingZip: 'ERR_SENDING_ZIP',
  unsupported: 'ERR_UNSUPPORTED_INSTRUCTION',
  /** The value of an instruction the deadline ended. */
  timedOut: 'Timed-out',
} as const;

export const instructionMessages = {
  gatewayOffline: gatewayCommandMessages.offline,
  sendingCapture: 'Sending capture request...',
  captureSuccess: 'Image capture success...',
  captureError: 'Error occurred while capturing the image.',
  captureRequestFailed: 'Capture request failed...',
  invalidResponse: 'Invalid Gateway response.',
  captureTimedOut: 'Request timed out.',
  diagnosticsTimedOut: 'Request timed out...',
  gatewayRebooted: 'Gateway went to reboot.',
  sendingZipError: 'Error occurred while sending zip file.',
  gatewayError: 'Error occurred at gateway...',
  gatewayResponded: 'Gateway responded',
  tryAgain: 'Try again...',
  cameraCaptureFailed: 'Camera Capture failed',
  cameraCaptureInitiated: 'Camera Capture Initiated',
  unregisterInitiated: 'Gateway Unregister Initiated',
  logsTimedOut: 'Requesting device logs timed out',
  logsUrlFailed: 'Failed to fetch logs URL',
  logsSaved: 'Device logs saved successfully',
  logsLinkReady: 'Download link is ready, please click on icon',
  requestingDevice: 'Requesting device ...',
  fetchingPending: 'Fetching Pending instructions',
  refreshingPending: 'Refreshing Pending instructions',
  created: 'Successfully created instruction',
  createFailed: 'Failed to create instruction.',
  updated: 'Successfully updated the instruction.',
  updateFailed: 'Failed to update the instruction.',
  deleted: 'Successfully deleted the instruction.',
  deleteFailed: 'Failed to delete the instruction.',
  published: 'Successfully published the instruction.',
  publishFailed: 'Failed to publish the instruction.',
  lockInstructionFailed: 'Failed To Create Instruction',
  unlockCreated: 'Successfully Created Unlock Instruction',
  lockCreated: 'Successfully Created Lock Instruction',
} as const;

/** Confirmation of the pending-instructions Abort button. */
export const abortInstructionsQuestion = (count: number) =>
  `Are you sure, you want to abort ${count} instruction ?`;

/** Pending instructions table: rows per page choices and default (spec 001 section 9). */
export const PENDING_INSTRUCTIONS_ROWS_PER_PAGE = [5, 10, 15, 20, 25] as const;
export const PENDING_INSTRUCTIONS_DEFAULT_ROWS = 5;

/**
 * Live message on `live.instructions(scopeId, mac)`: an answer, a progress step or the deadline.
 * value: DIAGNOSTICS the gateway's facts; CAMERA_CAPTURE SUCCESS the image URL; LOGS PROGRESS the percent,
 * SUCCESS the download URL; ERROR an error code; FAILED 'Timed-out' (deadline) or the browser's value.
 * ABORTED: the instruction was aborted from the pending list (lists refresh).
 */
export const liveInstruction = z.object({
  uid: z.string(),
  type: z.string(),
  status: z.enum(['PROGRESS', 'SUCCESS', 'ERROR', 'FAILED', 'ABORTED']),
  value: z.unknown().optional(),
});
export type LiveInstruction = z.infer<typeof liveInstruction>;

/**
 * POST /api/instruction (and /api/generic/create-instruction). `macId` is the gateway; a lock instruction
 * (spec: macId, locked, time, name, scopeId, gatewayMacId, type) names the lock in macId and the gateway in
 * gatewayMacId.
 */
export const createInstructionBody = z.object({
  macId,
  /** The spec's lock toggle sends `lock-unlock`: LOCK_DEVICE_LOCK_UNLOCK. */
  type: z.preprocess((v) => (v === 'lock-unlock' ? 'LOCK_DEVICE_LOCK_UNLOCK' : v), instructionType),
  value: z.unknown().optional(),
  gatewayMacId: macId.optional(),
  name: z.string().max(200).optional(),
  time: z.number().int().optional(),
  locked: z.boolean().optional(),
  scopeId: z.string().optional(),
});
export type CreateInstructionBody = z.infer<typeof createInstructionBody>;

export const createInstructionResult = z.object({
  instructionId: z.string(),
  uid: z.string(),
  status: instructionStatus,
});
export type CreateInstructionResult = z.infer<typeof createInstructionResult>;

/** PUT /api/update-instruction: the browser ends a pending instruction (e.g. a camera capture it gave up on). */
export const updateInstructionBody = z.object({
  uid: instructionUid,
  status: z.enum(['SUCCESS', 'FAILED', 'ABORTED']),
  value: z.unknown().optional(),
});
export type UpdateInstructionBody = z.infer<typeof updateInstructionBody>;

/** Answer of update and delete: the instruction's status after the call (unchanged when it had already ended). */
export const instructionState = z.object({ uid: z.string(), status: instructionStatus });
export type InstructionState = z.infer<typeof instructionState>;

export const instructionUidParams = z.object({ uid: instructionUid });

export const pendingInstructionsQuery = z.object({ macId });

/** One row of GET /api/gateway-pending-instruction/pending-instructions (spec 001 section 3). */
export const pendingInstruction = z.object({
  instructionId: z.string(),
  id: z.string(),
  type: instructionType,
  status: instructionStatus,
  payload: z.object({ name: z.string().nullable(), time: z.number() }),
});
export type PendingInstruction = z.infer<typeof pendingInstruction>;
export const pendingInstructionList = z.array(pendingInstruction);

/** PUT /api/abort/pending-instructions. */
export const abortInstructionsBody = z.object({
  instructionIds: z.array(z.string().uuid()).min(1).max(500),
});
export const abortInstructionsResult = z.object({ aborted: z.number().int() });

/** DELETE /api/unregister-gateway/macId/{m}. */
export const unregisterGatewayParams = z.object({ m: macId });
/**
 * Its answer is an instruction's, as createInstructionResult; named after the route like every call's schema.
 * @alias
 */
export const unregisterGatewayResult = createInstructionResult;

/** The URLs the live messages carry for a camera image and a device log file. */
export const instructionImageUrl = (uid: string) => `/api/instruction/${uid}/image`;
export const deviceLogUrl = (key: string) => `/api/device-logs/${key}`;

/** What the dialog shows once an instruction ended; `failed` results are followed by 'Try again...'. */
export interface InstructionResultText {
  text: string;
  failed: boolean;
}
type Answer = Pick<LiveInstruction, 'status' | 'value'>;

const isEmpty = (value: unknown) =>
  value == null || value === '' || (typeof value === 'object' && Object.keys(value).length === 0);
const timedOut = (answer: Answer) =>
  answer.status === 'FAILED' && answer.value === INSTRUCTION_ERRORS.timedOut;

/** Diagnostics dialog text for a final answer (spec 001 section 4, Diagnostics); null while not final. */
export function diagnosticsResultText(answer: Answer): InstructionResultText | null {
  const m = instructionMessages;
  if (answer.status === 'PROGRESS') return null;
  if (answer.status === 'SUCCESS') return { text: m.gatewayResponded, failed: false };
  if (timedOut(answer)) return { text: m.diagnosticsTimedOut, failed: true };
  if (answer.value === INSTRUCTION_ERRORS.gatewayRebooted) return { text: m.gatewayRebooted, failed: true };
  if (answer.value === INSTRUCTION_ERRORS.sendingZip) return { text: m.sendingZipError, failed: true };
  return { text: m.gatewayError, failed: true };
}

/** Camera panel text for a final answer (spec 001 section 4, Camera capture); null while not final. */
export function cameraResultText(answer: Answer): InstructionResultText | null {
  const m = instructionMessages;
  if (answer.status === 'PROGRESS') return null;
  if (timedOut(answer)) return { text: m.captureTimedOut, failed: true };
  if (answer.value === INSTRUCTION_ERRORS.cameraCapture) return { text: m.captureError, failed: true };
  if (answer.value === INSTRUCTION_ERRORS.gatewayRebooted) return { text: m.gatewayRebooted, failed: true };
  if (isEmpty(answer.value)) return { text: m.invalidResponse, failed: true };
  if (answer.status === 'SUCCESS') return { text: m.captureSuccess, failed: false };
  return { text: m.captureRequestFailed, failed: true };
}

/** Device-logs text for a final answer; null while in progress (the value is then the percent). */
export function deviceLogsResultText(answer: Answer): InstructionResultText | null {
  const m = instructionMessages;
  if (answer.status === 'PROGRESS') return null;
  if (answer.status === 'SUCCESS' && typeof answer.value === 'string')
    return { text: m.logsSaved, failed: false };
  if (timedOut(answer)) return { text: m.logsTimedOut, failed: true };
  return { text: m.logsUrlFailed, failed: true };
}
