import {
  type CreateInstructionBody,
  type CreateInstructionResult,
  createInstructionResult,
} from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/**
 * PUT /api/generic/create-instruction of a lock/unlock (spec 002 section 7): the instruction goes to the lock's
 * gateway (waiting for it when offline); its instructionId and uid back.
 */
export function createLockInstruction(body: CreateInstructionBody): Promise<CreateInstructionResult> {
  return apiRequest('/api/generic/create-instruction', {
    method: 'PUT',
    body: { ...body, type: 'lock-unlock' },
    schema: createInstructionResult,
  });
}

export function useCreateLockInstruction() {
  return useMutation({ mutationFn: createLockInstruction });
}
