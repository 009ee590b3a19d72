import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type SqlRunner, transactionRunner } from '../../lib/jobs.ts';

export interface OutboxEntry {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  attempts: number;
}

export interface NewOutboxRow {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  html?: string | null;
}

const ENTRY = ['id', 'recipient', 'subject', 'body', 'html', 'attempts'] as const;

export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a message and, in the same transaction, what `enqueue` adds (its delivery job). */
  insert(message: NewOutboxRow, enqueue: (id: string, within: SqlRunner) => Promise<unknown>) {
    return this.db.transaction().execute(async (trx) => {
      const entry = await trx.insertInto('outbox').values(message).returning(ENTRY).executeTakeFirstOrThrow();
      await enqueue(entry.id, transactionRunner(trx));
      return entry;
    });
  }

  /**
   * Takes an unsent row for one attempt: counts it and moves next_attempt_at to `claimedUntil` (the time its job
   * would be given up as lost). Nothing when it was sent or has had `maxAttempts`.
   */
  take(id: string, claimedUntil: Date, maxAttempts: number) {
    return this.db
      .updateTable('outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: claimedUntil }))
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .returning(ENTRY)
      .executeTakeFirst();
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
