import type { AlertIncident, AlertNotification } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DigestItem } from '../../db/schema-alert-engine.ts';
import { notFound } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { OUTBOX_MAX_ATTEMPTS } from '../mail/index.ts';
import { incidentView } from './incident-view.ts';
import { HOOK_MAX_ATTEMPTS } from './notifications/alert-hooks.ts';

/** The tenants' reach checks (modules/tenants). */
export interface ScopeReach {
  scopeWithin(principal: Principal, scopeId: string): Promise<unknown>;
  /** The scope and its sub-customers, or a 404 outside the caller's reach. */
  subtreeWithin(principal: Principal, scopeId: string): Promise<string[]>;
}

const LIST_LIMIT = 200;

/** The incidents of one customer and the notifications each sent, behind the caller's reach. */
export class IncidentsQuery {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tenants: ScopeReach,
  ) {}

  /**
   * The incidents on the gateways of the scope and of its sub-customers (as the scope's gateway list shows
   * them), whichever rule raised them: a parent's rule's incident on a sub-customer's gateway is listed for
   * the sub-customer (and for the parent), never for a sibling.
   */
  async list(
    principal: Principal,
    query: { scopeId: string; state: 'open' | 'all' },
  ): Promise<AlertIncident[]> {
    const tenants = await this.tenants.subtreeWithin(principal, query.scopeId);
    const rows = await this.db
      .selectFrom('alert_incidents')
      .selectAll()
      .where('tenant_id', 'in', tenants)
      .$if(query.state === 'open', (qb) => qb.where('state', '<>', 'resolved'))
      .orderBy('started_at', 'desc')
      .limit(LIST_LIMIT)
      .execute();
    return rows.map(incidentView);
  }

  async notifications(principal: Principal, incidentId: string): Promise<AlertNotification[]> {
    const incident = await this.db
      .selectFrom('alert_incidents')
      .select('tenant_id')
      .where('id', '=', incidentId)
      .executeTakeFirst();
    if (!incident) throw notFound('Alert incident');
    await this.tenants.scopeWithin(principal, incident.tenant_id).catch(() => {
      throw notFound('Alert incident');
    });
    const rows = await this.db
      .selectFrom('alert_notifications as n')
      .leftJoin('outbox as o', 'o.id', 'n.outbox_id')
      .select([
        'n.event',
        'n.channel',
        'n.recipient',
        'n.created_at',
        'n.hook_url',
        'n.attempts as hook_attempts',
        'n.sent_at as hook_sent_at',
        'n.last_error as hook_last_error',
        'o.attempts',
        'o.sent_at',
        'o.last_error',
      ])
      .where('n.incident_id', '=', incidentId)
      .orderBy('n.id')
      .execute();
    const sent: AlertNotification[] = rows.map((row) => {
      // A hook's post keeps its own delivery; e-mail and SMS are their outbox row's.
      const hook = row.hook_url !== null;
      const attempts = (hook ? row.hook_attempts : row.attempts) ?? 0;
      const sentAt = hook ? row.hook_sent_at : row.sent_at;
      const lastError = (hook ? row.hook_last_error : row.last_error) ?? null;
      const failed = attempts >= (hook ? HOOK_MAX_ATTEMPTS : OUTBOX_MAX_ATTEMPTS) && lastError;
      const status = sentAt ? 'sent' : failed ? 'failed' : 'pending';
      return {
        event: row.event,
        channel: row.channel,
        recipient: row.recipient,
        status,
        attempts,
        lastError,
        createdAt: row.created_at.getTime(),
        sentAt: sentAt?.getTime() ?? null,
      };
    });
    return [...sent, ...(await this.waitingInDigest(incidentId))];
  }

  /**
   * The incident's firing where it waits in a digest window not yet sent (docs/alert-engine.md, Digest): one
   * pending 'digest' entry per channel and recipient, created when it was gathered, due when the window closes.
   * Sending the digest empties the window and records the 'digest' rows above, which take their place.
   */
  private async waitingInDigest(incidentId: string): Promise<AlertNotification[]> {
    const windows = await this.db
      .selectFrom('alert_digests')
      .select(['channel', 'recipient', 'closes_at', 'items'])
      .where(sql<boolean>`items @> ${JSON.stringify([{ incidentId }])}::jsonb`)
      .orderBy('channel')
      .orderBy('recipient')
      .execute();
    return windows.flatMap((window) => {
      const items =
        typeof window.items === 'string' ? (JSON.parse(window.items) as DigestItem[]) : window.items;
      const gathered = items.filter((item) => item.incidentId === incidentId).map((item) => item.at);
      if (gathered.length === 0) return [];
      return [
        {
          event: 'digest' as const,
          channel: window.channel as 'email' | 'sms',
          recipient: window.recipient,
          status: 'pending' as const,
          attempts: 0,
          lastError: null,
          createdAt: Math.min(...gathered),
          sentAt: null,
          dueAt: window.closes_at.getTime(),
        },
      ];
    });
  }
}
