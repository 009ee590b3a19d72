import { randomUUID } from 'node:crypto';
import { WEBHOOK_BATCH_TYPE } from '@portal/contract';
import type { Logger } from 'pino';
import type { SendableDelivery, WebhooksRepository } from './webhooks.repository.ts';

/** A delivery waiting to be sent, and what to call once it was (or was handed over). */
export interface QueuedDelivery {
  row: SendableDelivery;
  done: () => void;
}

interface OpenBatch {
  entries: QueuedDelivery[];
  count: number;
  timer: NodeJS.Timeout;
}

export interface WebhookBatchesDeps {
  repo: Pick<WebhooksRepository, 'gatherBatch'>;
  logger: Logger;
  /** How long a gathered batch row is claimed by this instance. */
  claimMs: number;
  /** Sends a gathered batch as any delivery; resolves once it was. */
  send(row: SendableDelivery): Promise<void>;
  /** true once the instance stops: nothing more is gathered. */
  isStopping(): boolean;
}

/**
 * The open batches of batched webhooks (docs/webhooks.md "Batched delivery"), by webhook id: a batch goes when it
 * holds the webhook's `batch_max_events`, or `batch_max_ms` after its first event; its parts are then gathered
 * into one delivery row (one statement) and sent.
 */
export class WebhookBatches {
  private readonly open = new Map<string, OpenBatch>();
  /** Batches being gathered into their rows. */
  private readonly gathering = new Set<Promise<void>>();

  constructor(private readonly deps: WebhookBatchesDeps) {}

  /** Adds a part (events of a batched webhook); a part that would overfill the open batch closes it first. */
  add(part: QueuedDelivery): void {
    const { row } = part;
    const webhookId = row.webhook_id;
    const maxEvents = row.hook_batch_max_events ?? row.event_count;
    const current = this.open.get(webhookId);
    if (current && current.count + row.event_count > maxEvents) this.close(webhookId);
    let batch = this.open.get(webhookId);
    if (!batch) {
      batch = {
        entries: [],
        count: 0,
        timer: setTimeout(() => this.close(webhookId), row.hook_batch_max_ms ?? 0),
      };
      this.open.set(webhookId, batch);
    }
    batch.entries.push(part);
    batch.count += row.event_count;
    if (batch.count >= maxEvents) this.close(webhookId);
  }

  /**
   * At a stop: waits for the batches being gathered (sent, or queued to be handed over, by `send`) and returns the
   * parts of the batches still open, to be handed over.
   */
  async stop(): Promise<QueuedDelivery[]> {
    while (this.gathering.size > 0) await Promise.allSettled([...this.gathering]);
    const left: QueuedDelivery[] = [];
    for (const batch of this.open.values()) {
      clearTimeout(batch.timer);
      left.push(...batch.entries);
    }
    this.open.clear();
    return left;
  }

  /** A batch closed: gathered into one row, which is sent; the parts' own promises resolve once it was. */
  private close(webhookId: string): void {
    const batch = this.open.get(webhookId);
    // A stopping instance gathers nothing more: its open batches' rows are handed over (stop).
    if (!batch || this.deps.isStopping()) return;
    this.open.delete(webhookId);
    clearTimeout(batch.timer);
    const { entries } = batch;
    const finished = () => {
      for (const entry of entries) entry.done();
    };
    const gathering = this.gather(webhookId, entries).then(
      (row) => {
        if (row) void this.deps.send(row).finally(finished);
        else finished();
      },
      (error: Error) => {
        this.deps.logger.error({ err: error, webhookId }, 'webhook batch not gathered');
        finished();
      },
    );
    this.gathering.add(gathering);
    void gathering.finally(() => this.gathering.delete(gathering));
  }

  private async gather(
    webhookId: string,
    entries: readonly QueuedDelivery[],
  ): Promise<SendableDelivery | null> {
    const [first] = entries;
    if (!first) return null;
    const id = randomUUID();
    const createdAt = new Date(Math.min(...entries.map((entry) => entry.row.created_at.getTime())));
    const gathered = await this.deps.repo.gatherBatch({
      id,
      webhookId,
      ids: entries.map((entry) => entry.row.id),
      createdAt,
      claimedUntil: new Date(Date.now() + this.deps.claimMs),
    });
    if (!gathered) return null;
    return {
      ...first.row,
      id,
      event_id: id,
      type: WEBHOOK_BATCH_TYPE,
      event_count: gathered.count,
      status: 'pending',
      attempts: 0,
      created_at: createdAt,
      body: gathered.body,
    };
  }
}
