export interface TrackedDeletion {
  customerId: string;
  name: string;
}

/**
 * The deletions started in this tab, found by the customer's id or by the id of the server's deletion job
 * (the live messages may name either). Their outcome is told in this tab with snackbars.
 */
export class DeletionTracker {
  private readonly byId = new Map<string, TrackedDeletion>();

  /** Before the call: the job may finish before its answer arrives. */
  started(customerId: string, name: string): void {
    this.byId.set(customerId, { customerId, name });
  }

  /** The server accepted it as job `jobId`. */
  accepted(customerId: string, jobId: string): void {
    const tracked = this.byId.get(customerId);
    if (tracked) this.byId.set(jobId, tracked);
  }

  find(id: string): TrackedDeletion | undefined {
    return this.byId.get(id);
  }

  /** Forgets the deletion (refused, done, or reverted), under every id it was known by. */
  forget(id: string): void {
    const tracked = this.byId.get(id);
    if (!tracked) return;
    for (const [key, value] of this.byId) if (value === tracked) this.byId.delete(key);
  }
}
