import type { AlertHook } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/schema.ts';
import type { AlertRule } from '../alert-rules.port.ts';
import type { Incident } from '../incidents.repository.ts';
import { type IncidentEvent, notificationText } from '../messages.ts';
import type { AlertHooks } from './alert-hooks.ts';
import type { DigestWindows, DueDigest } from './digests.ts';

/**
 * The e-mail templates (email-templates module): renders the `alertNotification` template in the customer's
 * colours, stores the mail in the outbox and returns the row's id.
 */
export interface MailSender {
  sendTemplate(
    name: 'alertNotification',
    to: string,
    values: Record<string, string>,
    options: { tenantId: string },
  ): Promise<string>;
}

/** The SMS outbox: stores the text and returns the row's id. */
export interface SmsSender {
  send(to: string, text: string): Promise<string>;
}

type Row = { channel: 'email' | 'sms'; recipient: string; outbox_id: string };

/**
 * Notifies an incident's receivers: e-mail to those subscribed by e-mail when the rule sends e-mail, SMS to
 * those subscribed by SMS with a phone when the rule sends SMS. A no-data or offline incident is told to the
 * receivers of every sensor/system rule that covers the gateway, each address once. A resolution, a repeat or
 * a reminder goes only to the addresses its firing was told to (at once or in a digest): nobody hears that an
 * alert ended (or is still on) that they never heard start. An escalation goes by e-mail to the rule's
 * escalation receivers. A firing passes the digest window of its rule and recipient (docs/alert-engine.md,
 * Digest): the first of a window goes at once, later ones are gathered into one digest. Each is stored in the
 * outbox (delivered and retried there) and recorded in alert_notifications with its outbox row; each of the
 * rule's hooks gets a post of every notification (not digested).
 */
export class AlertNotifier {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: MailSender,
    private readonly sms: SmsSender,
    private readonly hooks: AlertHooks,
    private readonly digests: DigestWindows,
    private readonly logger: Logger,
    private readonly digestMs: number,
  ) {}

  async notify(
    incident: Incident,
    rules: readonly AlertRule[],
    event: IncidentEvent,
    gatewayName: string,
  ): Promise<number> {
    const notification = notificationText(incident, event, gatewayName);
    const emails = new Set<string>();
    const phones = new Set<string>();
    if (event === 'escalation') {
      for (const rule of rules)
        for (const user of rule.routing?.escalationReceivers ?? []) emails.add(user.email.toLowerCase());
    } else {
      for (const rule of rules)
        for (const receiver of rule.receivers) {
          if (rule.emailAlert && receiver.email_on && receiver.email)
            emails.add(receiver.email.toLowerCase());
          if (rule.smsAlert && receiver.sms_on && receiver.phone) phones.add(receiver.phone);
        }
    }
    if (event !== 'fired' && event !== 'escalation') {
      const told = await this.toldOfFiring(incident.id);
      for (const to of emails) if (!told.has(`email ${to}`)) emails.delete(to);
      for (const to of phones) if (!told.has(`sms ${to}`)) phones.delete(to);
    }
    if (event === 'fired' && this.digestMs > 0) {
      const now = new Date();
      const item = {
        incidentId: incident.id,
        ruleName: incident.rule_name,
        at: now.getTime(),
        subject: notification.subject,
        where: notification.values.gateway,
        text: `${now.toISOString()} ${notification.values.condition} on ${notification.values.gateway}`,
      };
      const gate = async (channel: 'email' | 'sms', recipient: string) =>
        this.digests.gate(
          { ruleId: incident.rule_id, channel, recipient, tenantId: incident.tenant_id },
          item,
          now,
          this.digestMs,
        );
      for (const to of emails) if (!(await gate('email', to))) emails.delete(to);
      for (const to of phones) if (!(await gate('sms', to))) phones.delete(to);
    }
    const rows: Row[] = [];
    for (const to of emails) {
      try {
        rows.push({
          channel: 'email',
          recipient: to,
          outbox_id: await this.mail.sendTemplate('alertNotification', to, notification.values, {
            tenantId: incident.tenant_id,
          }),
        });
      } catch (error) {
        this.logger.error({ err: error, incidentId: incident.id, to }, 'alert e-mail not stored');
      }
    }
    for (const to of phones) {
      try {
        rows.push({ channel: 'sms', recipient: to, outbox_id: await this.sms.send(to, notification.sms) });
      } catch (error) {
        this.logger.error({ err: error, incidentId: incident.id, to }, 'alert SMS not stored');
      }
    }
    if (rows.length > 0)
      await this.db
        .insertInto('alert_notifications')
        .values(
          rows.map((row) => ({ ...row, incident_id: incident.id, tenant_id: incident.tenant_id, event })),
        )
        .execute();
    let posted = 0;
    for (const hook of hooksOf(rules)) {
      try {
        await this.hooks.post(incident, event, notification, hook);
        posted++;
      } catch (error) {
        this.logger.error({ err: error, incidentId: incident.id }, 'alert hook post not stored');
      }
    }
    return rows.length + posted;
  }

  /**
   * Sends the digests whose window closed (claimed once across instances): one e-mail or SMS per rule and
   * recipient listing the firings gathered, recorded as a 'digest' notification of each incident in it.
   */
  async sendDigests(now: Date): Promise<number> {
    const due = await this.digests.claimDue(now, this.digestMs);
    for (const digest of due) await this.sendDigest(digest);
    return due.length;
  }

  private async sendDigest(digest: DueDigest): Promise<void> {
    const count = digest.items.length;
    const ruleName = digest.items[0]?.ruleName ?? 'Alert';
    const minutes = Math.max(1, Math.round(this.digestMs / 60_000));
    const condition = `${count} more ${count === 1 ? 'event' : 'events'} within ${minutes} min`;
    const lines = digest.items.map((item) => item.text);
    try {
      const outboxId =
        digest.channel === 'email'
          ? await this.mail.sendTemplate(
              'alertNotification',
              digest.recipient,
              {
                headline: 'Digest',
                alertName: ruleName,
                condition,
                gateway: [...new Set(digest.items.map((item) => item.where))].slice(0, 3).join(', '),
                details: lines.join('\n'),
              },
              { tenantId: digest.tenant_id },
            )
          : await this.sms.send(
              digest.recipient,
              `Digest: ${ruleName} - ${condition}. Latest: ${lines.at(-1) ?? ''}`.slice(0, 160),
            );
      const incidents = [...new Set(digest.items.map((item) => item.incidentId))];
      await this.db
        .insertInto('alert_notifications')
        .values(
          incidents.map((incidentId) => ({
            incident_id: incidentId,
            tenant_id: digest.tenant_id,
            event: 'digest' as const,
            channel: digest.channel,
            recipient: digest.recipient,
            outbox_id: outboxId,
          })),
        )
        .execute()
        // An incident deleted meanwhile (a pending one dropped cannot be in a digest; a customer removed can).
        .catch((error: Error) =>
          this.logger.warn({ err: error, ruleId: digest.rule_id }, 'alert digest not recorded'),
        );
    } catch (error) {
      this.logger.error({ err: error, ruleId: digest.rule_id }, 'alert digest not stored');
    }
  }

  /** The channels and addresses ('email a@b.c', 'sms +4915...') the incident's firing was told to. */
  private async toldOfFiring(incidentId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('alert_notifications')
      .select(['channel', 'recipient'])
      .where('incident_id', '=', incidentId)
      .where('event', 'in', ['fired', 'digest'])
      .execute();
    return new Set(rows.map((row) => `${row.channel} ${row.recipient}`));
  }
}

/** The rules' hooks, each address and format once. */
function hooksOf(rules: readonly AlertRule[]): AlertHook[] {
  const seen = new Map<string, AlertHook>();
  for (const rule of rules)
    for (const hook of rule.routing?.hooks ?? []) seen.set(`${hook.format} ${hook.url}`, hook);
  return [...seen.values()];
}
