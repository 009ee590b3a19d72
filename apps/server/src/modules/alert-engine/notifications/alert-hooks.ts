import type { AlertHook, AlertHookFormat } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/schema.ts';
import type { AlertNotificationEvent } from '../../../db/schema-alert-engine.ts';
import { type JobQueue, transactionRunner } from '../../../lib/jobs.ts';
import { maskedUrl } from '../../../lib/masked-url.ts';
import { type OutboundHttp, OutboundTargetRefused } from '../../../lib/outbound-http.ts';
import { incidentView } from '../incident-view.ts';
import type { Incident } from '../incidents.repository.ts';
import type { NotificationText } from '../messages.ts';

/** The job queue of the alert hooks' posts (lib/jobs.ts). */
const HOOK_QUEUE = 'alert-hook';
/** Tries per post: the first and 7 more, 30 s doubling to an hour (about 1.5 h in all). */
export const HOOK_MAX_ATTEMPTS = 8;
const HOOK_TIMEOUT_MS = 10_000;

/**
 * What a hook receives for one notification, in its format: Slack's incoming webhook (`text` and `blocks`),
 * a Microsoft Teams incoming webhook / Workflows message with an Adaptive Card, or our plain JSON (the
 * incident as GET /api/alert-incidents shows it, and the event).
 */
export function hookPayload(
  format: AlertHookFormat,
  incident: Incident,
  event: AlertNotificationEvent,
  text: NotificationText,
): unknown {
  const { headline, alertName, condition, gateway, details } = text.values;
  const facts = [
    { title: 'Condition', value: condition },
    { title: 'Gateway', value: gateway },
    ...details.split('\n').flatMap((line) => {
      const at = line.indexOf(': ');
      return at > 0 ? [{ title: line.slice(0, at), value: line.slice(at + 2) }] : [];
    }),
  ];
  switch (format) {
    case 'slack':
      return {
        text: text.subject,
        blocks: [
          { type: 'header', text: { type: 'plain_text', text: `${headline}: ${alertName}`.slice(0, 150) } },
          {
            type: 'section',
            text: { type: 'mrkdwn', text: facts.map((f) => `*${f.title}:* ${f.value}`).join('\n') },
          },
        ],
      };
    case 'teams':
      return {
        type: 'message',
        attachments: [
          {
            contentType: 'application/vnd.microsoft.card.adaptive',
            contentUrl: null,
            content: {
              $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
              type: 'AdaptiveCard',
              version: '1.4',
              body: [
                {
                  type: 'TextBlock',
                  size: 'Medium',
                  weight: 'Bolder',
                  wrap: true,
                  text: `${headline}: ${alertName}`,
                },
                { type: 'FactSet', facts },
              ],
            },
          },
        ],
      };
    case 'webhook':
      return { event, text: text.subject, incident: incidentView(incident), occurredAt: Date.now() };
  }
}

/**
 * The alert rules' hooks (webhook, Slack, Teams): each post is a row of alert_notifications (channel the
 * format, its body and delivery) stored with its job in one transaction, as the outbox does for mail, then
 * posted by whichever instance takes the job, through the SSRF-guarded outbound HTTP (lib/outbound-http.ts:
 * private and loopback targets refused unless OUTBOUND_ALLOW_NETWORKS allows them). A 2xx answer is sent;
 * another answer or a network failure is tried again with back-off; a refused target is failed at once.
 */
export class AlertHooks {
  private declared: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobQueue,
    private readonly http: OutboundHttp,
    private readonly logger: Logger,
    private readonly retryBaseMs = 30_000,
  ) {}

  /** Stores the post with its job; the id of its alert_notifications row. */
  async post(incident: Incident, event: AlertNotificationEvent, text: NotificationText, hook: AlertHook) {
    await this.declare();
    const payload = JSON.stringify(hookPayload(hook.format, incident, event, text));
    const id = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('alert_notifications')
        .values({
          incident_id: incident.id,
          tenant_id: incident.tenant_id,
          event,
          channel: hook.format,
          // Listed to ALERTS_READ holders: scheme and host only (a Slack or Teams address's path is its secret).
          recipient: maskedUrl(hook.url),
          outbox_id: null,
          hook_url: hook.url,
          payload,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.jobs.send(HOOK_QUEUE, { notificationId: row.id }, { within: transactionRunner(trx) });
      return row.id;
    });
    this.jobs.wake(HOOK_QUEUE);
    return id;
  }

  start(): void {
    this.declare()
      .then(() =>
        this.jobs.work<{ notificationId: string }>(HOOK_QUEUE, (job) => this.attempt(job.notificationId)),
      )
      .catch((error: Error) => this.logger.error({ err: error }, 'alert hook queue not worked'));
  }

  stop(): Promise<void> {
    return this.jobs.stopWorking(HOOK_QUEUE);
  }

  private declare(): Promise<void> {
    this.declared ??= this.jobs.declare(HOOK_QUEUE, {
      retry: { attempts: HOOK_MAX_ATTEMPTS, backoff: { baseMs: this.retryBaseMs, maxMs: 3_600_000 } },
      expireAfterMs: 120_000,
    });
    return this.declared;
  }

  /** One attempt; throws while attempts remain, for the queue to try again after the back-off. */
  private async attempt(notificationId: string): Promise<void> {
    const row = await this.db
      .updateTable('alert_notifications')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', notificationId)
      .where('sent_at', 'is', null)
      .where('attempts', '<', HOOK_MAX_ATTEMPTS)
      .where('hook_url', 'is not', null)
      .returning(['id', 'hook_url', 'payload', 'attempts', 'channel'])
      .executeTakeFirst();
    if (!row?.hook_url) return; // posted already (a job run again after its instance died), or out of attempts
    let reason: string;
    let status: number | null = null;
    let final = row.attempts >= HOOK_MAX_ATTEMPTS;
    try {
      const answer = await this.http.post(
        row.hook_url,
        row.payload ?? '{}',
        { 'content-type': 'application/json', 'user-agent': 'IoT-Portal-Alerts/1' },
        HOOK_TIMEOUT_MS,
      );
      status = answer.status;
      if (answer.status >= 200 && answer.status < 300) {
        await this.db
          .updateTable('alert_notifications')
          .set({ sent_at: new Date(), last_error: null, response_status: answer.status })
          .where('id', '=', row.id)
          .execute();
        return;
      }
      reason = `HTTP ${answer.status}${answer.body ? `: ${answer.body.slice(0, 200)}` : ''}`;
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
      // A refused address stays refused: no more attempts.
      if (error instanceof OutboundTargetRefused) final = true;
    }
    this.logger[final ? 'error' : 'warn'](
      { notificationId: row.id, channel: row.channel, attempts: row.attempts, reason },
      final ? 'alert hook not delivered; giving up' : 'alert hook not delivered; will retry',
    );
    await this.db
      .updateTable('alert_notifications')
      .set({
        last_error: reason.slice(0, 1000),
        response_status: status,
        ...(final ? { attempts: sql<number>`${HOOK_MAX_ATTEMPTS}` } : {}),
      })
      .where('id', '=', row.id)
      .execute();
    if (!final) throw new Error(reason);
  }
}
