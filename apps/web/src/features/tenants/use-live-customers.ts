import { live } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveTopic } from '../../lib/mqtt.ts';
import { useNotify } from '../../lib/use-notify.ts';
import { deletionFinished, deletionNotices, deletionOf, withCustomerId } from './customers-cache.ts';
import { DeletionTracker } from './deletion-tracker.ts';
import { applyToCachedCustomers } from './update-cached-customers.ts';

/** This tab's deletions: their outcome is told here (other tabs and root users see only the rows change). */
export const deletionsStartedHere = new DeletionTracker();

/**
 * Keeps the cached customers list and the Admin card current from the root tenant's scopes and
 * customer-deletion channels, and tells the outcome of deletions started in this tab.
 */
export function useLiveCustomers(rootTenantId: string | undefined): void {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const onMessage = (received: unknown) => {
    const deletion = deletionOf(received);
    const tracked = deletion ? deletionsStartedHere.find(deletion.id) : undefined;
    const message = withCustomerId(received, (id) => deletionsStartedHere.find(id)?.customerId);
    applyToCachedCustomers(queryClient, message);
    if (!deletion || !tracked) return;
    for (const notice of deletionNotices(deletion, tracked.name)) notify(notice);
    if (deletionFinished(deletion)) deletionsStartedHere.forget(deletion.id);
  };
  useLiveTopic(rootTenantId ? live.scopes(rootTenantId) : null, onMessage);
  useLiveTopic(rootTenantId ? live.customerDeletion(rootTenantId) : null, onMessage);
}
