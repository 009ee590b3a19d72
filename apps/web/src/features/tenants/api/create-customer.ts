import { type CreateCustomerBody, scopeIdResponse } from '@portal/contract';
import { apiRequest } from '../../../lib/api.ts';

/**
 * POST /api/createCustomer: the customer and its super admin in one transaction, both or neither (issue 30.4);
 * the new customer's id. A super admin e-mail in use: 409 with `details.field` 'email'.
 */
export function createCustomer(body: CreateCustomerBody): Promise<{ id: string }> {
  return apiRequest('/api/createCustomer', { method: 'POST', body, schema: scopeIdResponse });
}
