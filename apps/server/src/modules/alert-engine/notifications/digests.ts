import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { DigestItem } from '../../../db/schema-alert-engine.ts';

/** One digest window that came due with events gathered: sent as one notification. */
export interface DueDigest {
  rule_id: string;
  channel: 'email' | 'sms';
  recipient: string;
  tenant_id: string;
  items: DigestItem[];
}

/**
 * Digest windows (docs/alert-engine.md, Digest): per rule, channel and recipient, the first firing is sent at
 * once and opens a window; firings within it are gathered in the window's row and sent as one digest when it
 * closes. Both decisions are single statements, so two instances firing at once agree, and a due window is
 * claimed by one instance only.
 */
export class DigestWindows {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Whether this firing goes out now (it opens a window: none was open, or the last one closed with nothing
   * gathered) or was gathered into the open window (or into a closed one whose digest is not sent yet).
   */
  async gate(
    key: { ruleId: string; channel: 'email' | 'sms'; recipient: string; tenantId: string },
    item: DigestItem,
    now: Date,
    windowMs: number,
  ): Promise<boolean> {
    const closes = new Date(now.getTime() + windowMs);
    const result = await sql<{ now: boolean }>`
      INSERT INTO alert_digests AS d (rule_id, channel, recipient, tenant_id, closes_at, items)
      VALUES (${key.ruleId}, ${key.channel}, ${key.recipient}, ${key.tenantId}, ${closes}, '[]'::jsonb)
      ON CONFLICT (rule_id, channel, recipient) DO UPDATE SET
        closes_at = CASE WHEN d.closes_at <= ${now} AND jsonb_array_length(d.items) = 0
                         THEN excluded.closes_at ELSE d.closes_at END,
        items = CASE WHEN d.closes_at <= ${now} AND jsonb_array_length(d.items) = 0
                     THEN '[]'::jsonb ELSE d.items || ${JSON.stringify([item])}::jsonb END
      RETURNING jsonb_array_length(items) = 0 AS now`.execute(this.db);
    return result.rows[0]?.now ?? true;
  }

  /**
   * Windows closed with events gathered: returned (their events) to one caller only, emptied, and a new window
   * begins, so a steady stream gives one digest per window; a window that closes with nothing gathered lets
   * the next firing go out at once again.
   */
  async claimDue(now: Date, windowMs: number, limit = 100): Promise<DueDigest[]> {
    const result = await sql<DueDigest>`
      WITH due AS (
        SELECT rule_id, channel, recipient, items FROM alert_digests
        WHERE items <> '[]'::jsonb AND closes_at <= ${now}
        ORDER BY closes_at LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE alert_digests d SET items = '[]'::jsonb, closes_at = ${new Date(now.getTime() + windowMs)}
      FROM due
      WHERE d.rule_id = due.rule_id AND d.channel = due.channel AND d.recipient = due.recipient
      RETURNING d.rule_id, d.channel, d.recipient, d.tenant_id, due.items`.execute(this.db);
    return result.rows.map((row) => ({
      ...row,
      items: typeof row.items === 'string' ? (JSON.parse(row.items) as DigestItem[]) : row.items,
    }));
  }
}
