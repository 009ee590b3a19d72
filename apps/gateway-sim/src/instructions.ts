import { greyJpeg } from './camera-frame.ts';
import type { DeviceFacts } from './device-profile.ts';
import type { Instruction } from './downstream-messages.ts';
import type { GatewayLiveState } from './lock-engine.ts';

/** Answer on `gateways/{mac}/send/response/{kind}/{uid}`. */
export interface InstructionResponse {
  uid: string;
  type: string;
  status: 'SUCCESS' | 'ERROR';
  TI: number;
  value?: unknown;
}

export interface InstructionPlan {
  /** The response topic's kind segment. */
  responseKind: string;
  response: InstructionResponse;
  /** HOTSPOT: the hotspot state to switch to before answering (the switch takes a while). */
  hotspotTarget?: 0 | 1;
}

export const INSTRUCTION_TYPES = {
  diagnostics: 'DIAGNOSTICS',
  camera: 'CAMERA_CAPTURE',
  hotspot: 'HOTSPOT',
} as const;

/** Instructions a gateway acknowledges without further simulation (lock/user changes, unregistration). */
const ACKNOWLEDGED_TYPES = new Set([
  'LOCK_DEVICE_LOCK_UNLOCK',
  'ADD_LOCKDEVICE_USER',
  'REMOVE_LOCKDEVICE_USER',
  'REMOVE_IOT_USER',
  'UNREGISTER',
]);

const CAMERA_FRAME = greyJpeg(64, 48).toString('base64');

export interface InstructionContext {
  facts: DeviceFacts;
  live: GatewayLiveState;
  uptimeSeconds: number;
  cpuPercent: number;
  memoryMegabytes: number;
  now: number;
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
  switch (type) {
    case INSTRUCTION_TYPES.diagnostics:
      return answer('diagnostics', 'SUCCESS', {
        uptimeSeconds: context.uptimeSeconds,
        CP: context.cpuPercent,
        MM: context.memoryMegabytes,
        FW: context.facts.FW,
        OS: context.facts.OS,
        NW: context.facts.NW,
        SS: context.facts.SS,
        currentState: context.live.currentState,
      });
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
