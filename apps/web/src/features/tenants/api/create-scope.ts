import { type CreateScopeBody, scopeIdResponse } from '@portal/contract';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/createScope: the new customer's id. Called by the create sequence (create-customer.ts). */
export function createScope(body: CreateScopeBody): Promise<{ id: string }> {
  return apiRequest('/api/createScope', { method: 'POST', body, schema: scopeIdResponse });
}
