import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

// STUB: the mail work fills this in (pending rows, mark sent, record a failed attempt).
export class OutboxRepository {
  constructor(readonly db: Kysely<Database>) {}
}
