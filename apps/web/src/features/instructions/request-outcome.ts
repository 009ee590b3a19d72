import {
  cameraResultText,
  diagnosticsResultText,
  type InstructionResultText,
  instructionMessages,
} from '@portal/contract';
import type { InstructionRequestState } from './instruction-request.ts';

/**
 * What the diagnostics dialog says once its request is over (spec 001 section 4, Diagnostics); null while it
 * is under way. Failures are followed by 'Try again...'.
 */
export function diagnosticsOutcome(state: InstructionRequestState): InstructionResultText | null {
  switch (state.phase) {
    case 'offline':
      return { text: instructionMessages.gatewayOffline, failed: true };
    case 'refused':
      return { text: state.message, failed: true };
    case 'timedOut':
      return { text: instructionMessages.diagnosticsTimedOut, failed: true };
    case 'ended':
      return diagnosticsResultText(state.answer);
    default:
      return null;
  }
}

/** What the troubleshoot panel says once a capture is over (spec 001 section 4, Camera capture). */
export function captureOutcome(state: InstructionRequestState): InstructionResultText | null {
  switch (state.phase) {
    case 'offline':
      return { text: instructionMessages.gatewayOffline, failed: true };
    case 'refused':
      // The server's offline text as it is; any other refusal is the spec's 'Capture request failed...'.
      return {
        text:
          state.message === instructionMessages.gatewayOffline
            ? state.message
            : instructionMessages.captureRequestFailed,
        failed: true,
      };
    case 'timedOut':
      return { text: instructionMessages.captureTimedOut, failed: true };
    case 'ended':
      return cameraResultText(state.answer);
    default:
      return null;
  }
}

/** The captured image's URL (GET /api/instruction/{uid}/image) once a capture succeeded, else null. */
export function capturedImageUrl(state: InstructionRequestState): string | null {
  if (state.phase !== 'ended' || captureOutcome(state)?.failed !== false) return null;
  return typeof state.answer.value === 'string' ? state.answer.value : null;
}
