import { type InstructionState, instructionState, type UpdateInstructionBody } from '@portal/contract';
import { apiRequest } from '../../../lib/api.ts';

/** PUT /api/update-instruction: the browser ends a pending instruction (e.g. a capture it gave up on). */
export function updateInstruction(body: UpdateInstructionBody): Promise<InstructionState> {
  return apiRequest('/api/update-instruction', { method: 'PUT', body, schema: instructionState });
}
