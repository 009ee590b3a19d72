import type { AlertIncident, AlertNotification } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
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
    return rows.map((row) => {
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
  }
}
