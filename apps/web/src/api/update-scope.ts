import { type Scope, scope, type UpdateScopeBody } from '@portal/contract';
import { apiRequest } from '../lib/api.ts';

/** PUT /api/updateScope: the updated customer (the label cannot change). */
export function updateScope(body: UpdateScopeBody): Promise<Scope> {
  return apiRequest('/api/updateScope', { method: 'PUT', body, schema: scope });
}
