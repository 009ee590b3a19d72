import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/schema.ts';
import type { AlertRule } from '../alert-rules.port.ts';
import type { Incident } from '../incidents.repository.ts';
import { type IncidentEvent, notificationText } from '../messages.ts';

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

/**
 * Notifies an incident's receivers: e-mail to those subscribed by e-mail when the rule sends e-mail, SMS to
 * those subscribed by SMS with a phone when the rule sends SMS. A no-data or offline incident is told to the
 * receivers of every sensor/system rule that covers the gateway, each address once. A resolution or a repeat
 * goes only to the addresses its firing was told to: nobody hears that an alert ended (or is still on) that
 * they never heard start. Each is stored in the outbox (delivered and retried there) and recorded in
 * alert_notifications with its outbox row.
 */
export class AlertNotifier {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: MailSender,
    private readonly sms: SmsSender,
    private readonly logger: Logger,
  ) {}

  async notify(
    incident: Incident,
    rules: readonly AlertRule[],
    event: IncidentEvent,
    gatewayName: string,
  ): Promise<number> {
    const notification = notificationText(incident, event, gatewayName);
    const rows: { channel: 'email' | 'sms'; recipient: string; outbox_id: string }[] = [];
    const emails = new Set<string>();
    const phones = new Set<string>();
    for (const rule of rules)
      for (const receiver of rule.receivers) {
        if (rule.emailAlert && receiver.email_on && receiver.email) emails.add(receiver.email.toLowerCase());
        if (rule.smsAlert && receiver.sms_on && receiver.phone) phones.add(receiver.phone);
      }
    if (event !== 'fired') {
      const told = await this.toldOfFiring(incident.id);
      for (const to of emails) if (!told.has(`email ${to}`)) emails.delete(to);
      for (const to of phones) if (!told.has(`sms ${to}`)) phones.delete(to);
    }
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
    if (rows.length === 0) return 0;
    await this.db
      .insertInto('alert_notifications')
      .values(rows.map((row) => ({ ...row, incident_id: incident.id, tenant_id: incident.tenant_id, event })))
      .execute();
    return rows.length;
  }

  /** The channels and addresses ('email a@b.c', 'sms +4915...') the incident's firing was told to. */
  private async toldOfFiring(incidentId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('alert_notifications')
      .select(['channel', 'recipient'])
      .where('incident_id', '=', incidentId)
      .where('event', '=', 'fired')
      .execute();
    return new Set(rows.map((row) => `${row.channel} ${row.recipient}`));
  }
}
