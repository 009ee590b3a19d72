import { customerStatus, DELETION_STEPS } from '@portal/contract';
import { z } from 'zod';

// Shapes of the deletion calls that the contract does not hold yet (see the report of this work: they belong
// in packages/contract/src/tenants.ts beside DELETION_STEPS).

/** A customer deletion job: POST answers it (202), GET /api/customers/:id/deletion gives the latest. */
export const deletionJob = z.object({
  id: z.string(),
  tenantId: z.string(),
  customerName: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  /** Running: the next step; failed: the step that failed; done: the last step. */
  step: z.enum(DELETION_STEPS),
  /** 'deleted successfully', or 'Failed to delete {name} customer {step}'. */
  message: z.string().nullable(),
  /** After a failure: 'Reverted customer status to Active' or 'Failed to Change customer status to Active'. */
  revertMessage: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type DeletionJob = z.infer<typeof deletionJob>;

export const customerIdParams = z.object({ id: z.string().min(1).max(100) });
export const moveGatewaysParams = customerIdParams.extend({ rootId: z.string().min(1).max(100) });

/** PUT /api/updateCustomerStatus/id/{id}. */
export const updateCustomerStatusBody = z.object({ status: customerStatus });
export const customerStatusResponse = z.object({ id: z.string(), status: customerStatus });

export const removedUsersResponse = z.object({ id: z.string(), removedUsers: z.number().int() });
export const movedGatewaysResponse = z.object({ id: z.string(), movedGateways: z.number().int() });
export const removedTenantResponse = z.object({ id: z.string(), message: z.string() });

/** Our wording for refusals the spec does not word. */
export const deletionRefusals = {
  fixedTenant: 'This customer cannot be deleted.',
  ownTenant: 'You cannot delete the customer you belong to.',
  hasChildren: 'This customer has sub-customers: delete them first.',
  notPending: 'Set the customer status to DELETE_PENDING first.',
  stillInUse: 'The customer still has users or gateways.',
  notRoot: 'rootId is not the root customer.',
  noJob: 'This customer has no deletion.',
} as const;
