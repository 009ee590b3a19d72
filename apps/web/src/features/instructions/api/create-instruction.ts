import {
  type CreateInstructionBody,
  type CreateInstructionResult,
  createInstructionResult,
} from '@portal/contract';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/instruction: a PENDING instruction with a deadline, published to the gateway; its uid. */
export function createInstruction(body: CreateInstructionBody): Promise<CreateInstructionResult> {
  return apiRequest('/api/instruction', { method: 'POST', body, schema: createInstructionResult });
}
