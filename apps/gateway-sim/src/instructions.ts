import { gzipSync } from 'node:zlib';
import { greyJpeg } from './camera-frame.ts';
import type { DeviceFacts } from './device-profile.ts';
import type { Instruction } from './downstream-messages.ts';
import type { GatewayLiveState } from './lock-engine.ts';

/** Answer on `gateways/{mac}/send/response/{kind}/{uid}`. */
export interface InstructionResponse {
  uid: string;
  type: string;
  status: 'SUCCESS' | 'ERROR' | 'PROGRESS';
  TI: number;
  value?: unknown;
}

export interface InstructionPlan {
  /** The response topic's kind segment. */
  responseKind: string;
  response: InstructionResponse;
  /** HOTSPOT: the hotspot state to switch to before answering (the switch takes a while). */
  hotspotTarget?: 0 | 1;
  /** LOGS: the percents reported (PROGRESS answers, one per step) before the final answer. */
  progress?: number[];
}

export const INSTRUCTION_TYPES = {
  diagnostics: 'DIAGNOSTICS',
  camera: 'CAMERA_CAPTURE',
  hotspot: 'HOTSPOT',
  logs: 'LOGS',
} as const;

/** Progress steps of a device-logs upload. */
export const LOGS_PROGRESS = [25, 50, 75, 100];

/** Instructions a gateway acknowledges without further simulation (lock instructions: lock-commands.ts). */
const ACKNOWLEDGED_TYPES = new Set(['UNREGISTER']);

const CAMERA_FRAME = greyJpeg(64, 48).toString('base64');

const NETWORK_NAMES = { 0: 'LTE', 1: 'Wi-Fi', 2: 'Ethernet' } as const;

/** A few lines of the gateway's log, gzipped and base64-encoded as a LOGS answer carries it. */
export function deviceLogFile(context: InstructionContext, mac: string): string {
  const at = new Date(context.now).toISOString();
  const lines = [
    `${at} ${mac} gateway firmware ${context.facts.FW}, OS ${context.facts.OS}`,
    `${at} ${mac} uptime ${context.uptimeSeconds} s, CPU ${context.cpuPercent} %, memory ${context.memoryMegabytes} MB`,
    `${at} ${mac} lock engine ${context.live.currentState}`,
  ];
  return gzipSync(`${lines.join('\n')}\n`).toString('base64');
}

/** The diagnostics answer: the four sections the portal's dialog shows, then the raw figures. */
function diagnostics(context: InstructionContext) {
  const { facts } = context;
  return {
    'Network Info': `${NETWORK_NAMES[facts.NW]}, signal level ${facts.SS}`,
    'Gateway Firmware': facts.FW,
    'Memory Info': `${context.memoryMegabytes} MB used, CPU ${context.cpuPercent} %`,
    'Gateway OS': facts.OS,
    uptimeSeconds: context.uptimeSeconds,
    CP: context.cpuPercent,
    MM: context.memoryMegabytes,
    NW: facts.NW,
    SS: facts.SS,
    currentState: context.live.currentState,
  };
}

export interface InstructionContext {
  facts: DeviceFacts;
  live: GatewayLiveState;
  uptimeSeconds: number;
  cpuPercent: number;
  memoryMegabytes: number;
  now: number;
  mac?: string;
  /** Set: DIAGNOSTICS and CAMERA_CAPTURE are answered ERROR with this value ('' for none). */
  instructionFailure?: string;
}

export function planInstruction(instruction: Instruction, context: InstructionContext): InstructionPlan {
  const { uid, type } = instruction;
  const answer = (
    responseKind: string,
    status: InstructionResponse['status'],
    value?: unknown,
  ): InstructionPlan => ({
    responseKind,
    response: { uid, type, status, TI: context.now, ...(value === undefined ? {} : { value }) },
  });
  const failure = context.instructionFailure;
  if (failure !== undefined) {
    if (type === INSTRUCTION_TYPES.diagnostics) return answer('diagnostics', 'ERROR', failure || undefined);
    if (type === INSTRUCTION_TYPES.camera) return answer('camera', 'ERROR', failure || undefined);
  }
  switch (type) {
    case INSTRUCTION_TYPES.diagnostics:
      return answer('diagnostics', 'SUCCESS', diagnostics(context));
    case INSTRUCTION_TYPES.logs:
      return {
        ...answer('logs', 'SUCCESS', deviceLogFile(context, context.mac ?? '')),
        progress: LOGS_PROGRESS,
      };
    case INSTRUCTION_TYPES.camera:
      return context.facts.CMS === 1
        ? answer('camera', 'SUCCESS', CAMERA_FRAME)
        : answer('camera', 'ERROR', 'ERR_CAMERA_CAPTURE');
    case INSTRUCTION_TYPES.hotspot: {
      const target =
        instruction.value === 1 || instruction.value === 0
          ? instruction.value
          : context.facts.HS === 1
            ? 0
            : 1;
      return { ...answer('hotspot', 'SUCCESS', target), hotspotTarget: target };
    }
    default:
      return ACKNOWLEDGED_TYPES.has(type)
        ? answer('instruction', 'SUCCESS')
        : answer('instruction', 'ERROR', 'ERR_UNSUPPORTED_INSTRUCTION');
  }
}
