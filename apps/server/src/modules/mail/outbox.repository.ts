import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface OutboxEntry {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  attempts: number;
}

const ENTRY = ['id', 'recipient', 'subject', 'body', 'html', 'attempts'] as const;

export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a message. With `claimedUntil` the row is already claimed (one attempt counted) by the caller,
   * who delivers it now; other instances leave it alone until then.
   */
  insert(
    message: {
      channel: 'email' | 'sms';
      recipient: string;
      subject: string;
      body: string;
      html?: string | null;
    },
    claimedUntil?: Date,
  ) {
    return this.db
      .insertInto('outbox')
      .values(claimedUntil ? { ...message, attempts: 1, next_attempt_at: claimedUntil } : message)
      .returning(ENTRY)
      .executeTakeFirstOrThrow();
  }

  /**
   * Claims up to `limit` due, unsent rows of the channel: their attempt is counted and next_attempt_at moved
   * to `claimedUntil`, so another instance skips them (SKIP LOCKED while this runs, the later time after).
   * A claimer that dies mid-send leaves the row to be claimed again once `claimedUntil` passes.
   */
  claimDue(channel: 'email' | 'sms', now: Date, claimedUntil: Date, limit: number, maxAttempts: number) {
    return this.db
      .with('due', (db) =>
        db
          .selectFrom('outbox')
          .select('id')
          .where('channel', '=', channel)
          .where('sent_at', 'is', null)
          .where('next_attempt_at', '<=', now)
          .where('attempts', '<', maxAttempts)
          .orderBy('id')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .updateTable('outbox')
      .from('due')
      .set((eb) => ({ attempts: eb('outbox.attempts', '+', 1), next_attempt_at: claimedUntil }))
      .whereRef('outbox.id', '=', 'due.id')
      .returning(ENTRY.map((column) => `outbox.${column}` as const))
      .execute();
  }

  markSent(id: string, now: Date) {
    return this.db
      .updateTable('outbox')
      .set({ sent_at: now, last_error: null })
      .where('id', '=', id)
      .execute();
  }

  recordFailure(id: string, error: string, nextAttemptAt: Date) {
    return this.db
      .updateTable('outbox')
      .set({ last_error: error, next_attempt_at: nextAttemptAt })
      .where('id', '=', id)
      .execute();
  }
}
