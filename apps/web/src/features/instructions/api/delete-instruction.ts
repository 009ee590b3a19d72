import { type InstructionState, instructionState } from '@portal/contract';
import { apiRequest } from '../../../lib/api.ts';

/** PUT /api/generic/delete-instruction/uid/{uid}: a dialog closed before the answer. */
export function deleteInstruction(uid: string): Promise<InstructionState> {
  return apiRequest(`/api/generic/delete-instruction/uid/${encodeURIComponent(uid)}`, {
    method: 'PUT',
    schema: instructionState,
  });
}
