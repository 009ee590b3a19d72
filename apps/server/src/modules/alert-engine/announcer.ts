import {
  type AlertIncidentLiveMessage,
  type EventsMessage,
  live,
  type WebhookEventType,
} from '@portal/contract';
import type { Logger } from 'pino';
import type { EventEmitting } from '../../lib/events.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { DeviceIdentity } from '../../lib/principal.ts';
import { incidentView } from './incident-view.ts';
import type { Incident, IncidentsRepository } from './incidents.repository.ts';
import { alertItem, type IncidentEvent } from './messages.ts';
import type { AlertNotifier } from './notifications/notifier.ts';
import type { RulesCache } from './rules-cache.ts';

/** Where the SA items go: the telemetry module stores them as the gateway's alerts and pushes them live. */
export interface AlertEventSink {
  recordEvents(device: DeviceIdentity, message: EventsMessage): Promise<void>;
}

/** The live event of each engine event ('escalation' is told as 'escalated'). */
const LIVE_EVENT: Record<IncidentEvent, AlertIncidentLiveMessage['event']> = {
  fired: 'fired',
  resolved: 'resolved',
  repeat: 'repeat',
  reminder: 'reminder',
  escalation: 'escalated',
};

/** The `notable` events (outbound webhooks) of the lifecycle. */
const NOTABLE: Partial<Record<IncidentEvent | 'acknowledged', WebhookEventType>> = {
  fired: 'incident.opened',
  resolved: 'incident.resolved',
  acknowledged: 'incident.acknowledged',
};

/**
 * Tells the world an incident fired, resolved or is still on: an SA item in the gateway's panels (firing and
 * resolution only), the incident on the alerts channels of the gateway's customer and the customers above it,
 * the receivers by e-mail and SMS and the rule's hooks (AlertNotifier), and the outbound webhooks (`notable`).
 */
export class IncidentAnnouncer {
  /** The last item time per gateway: items are keyed by (mac, TI), so two in one millisecond are spread. */
  private readonly lastTi = new Map<string, number>();

  constructor(
    private readonly repo: IncidentsRepository,
    private readonly rules: RulesCache,
    private readonly notifier: AlertNotifier,
    private readonly events: AlertEventSink,
    private readonly live: LivePublisher,
    private readonly bus: EventEmitting,
    private readonly logger: Logger,
  ) {}

  async announce(incident: Incident, event: IncidentEvent): Promise<void> {
    try {
      const item = alertItem(incident, event);
      const device = { mac: incident.gateway_mac, tenantId: incident.tenant_id };
      if (item) await this.events.recordEvents(device, { TI: this.itemTime(device.mac), SA: [item] });
      await this.publish(incident, LIVE_EVENT[event]);
      await this.notable(incident, event);
      const reaching = (await this.rules.get(incident.tenant_id)).all;
      // No-data and offline incidents have no rule: the receivers of the sensor/system rules covering the gateway.
      const rules =
        incident.kind === 'sensor' || incident.kind === 'lock'
          ? reaching.filter((r) => r.id === incident.rule_id)
          : reaching.filter((r) => r.kind === 'sensor');
      if (rules.length === 0) return;
      const name = (await this.repo.gatewayName(incident.gateway_mac)) ?? incident.gateway_mac;
      await this.notifier.notify(incident, rules, event, name);
    } catch (error) {
      this.logger.error({ err: error, incidentId: incident.id, event }, 'alert incident not announced');
    }
  }

  /** An acknowledgement (committed): on the alerts channels and to the outbound webhooks; nobody is mailed. */
  async acknowledged(incident: Incident): Promise<void> {
    try {
      await this.publish(incident, 'acknowledged');
      await this.notable(incident, 'acknowledged');
    } catch (error) {
      this.logger.error({ err: error, incidentId: incident.id }, 'alert acknowledgement not announced');
    }
  }

  /**
   * On the alerts channel of the gateway's customer and of every customer above it, whose users list its
   * incidents too (GET /api/alert-incidents); the ACL keeps each channel to users reaching its customer, so a
   * sibling or a sub-customer never hears of what happens above or beside it.
   */
  private async publish(incident: Incident, event: AlertIncidentLiveMessage['event']): Promise<void> {
    const message: AlertIncidentLiveMessage = { type: 'incident', event, incident: incidentView(incident) };
    const scopes = [incident.tenant_id, ...(await this.repo.ancestorsOf(incident.tenant_id))];
    for (const scopeId of new Set(scopes)) this.live.publish(live.alerts(scopeId), message);
  }

  private async notable(incident: Incident, event: IncidentEvent | 'acknowledged'): Promise<void> {
    const type = NOTABLE[event];
    if (!type) return;
    const view = incidentView(incident);
    await this.bus
      .emit('notable', {
        tenantId: incident.tenant_id,
        type,
        occurredAt: Date.now(),
        data: {
          incidentId: view.id,
          ruleId: view.ruleId,
          ruleName: view.ruleName,
          kind: view.kind,
          alertType: view.alertType,
          gatewayMac: view.gatewayMac,
          subject: view.subject,
          subjectName: view.subjectName,
          sensor: view.sensor,
          state: view.state,
          value: view.value,
          threshold: view.threshold,
          startedAt: view.startedAt,
          firedAt: view.firedAt,
          resolvedAt: view.resolvedAt,
          acknowledgedAt: view.acknowledgedAt,
          acknowledgedBy: view.acknowledgedBy,
        },
      })
      .catch((error: Error) =>
        this.logger.warn({ err: error, incidentId: incident.id, type }, 'notable incident event not told'),
      );
  }

  private itemTime(mac: string): number {
    const ti = Math.max(Date.now(), (this.lastTi.get(mac) ?? 0) + 1);
    this.lastTi.set(mac, ti);
    if (this.lastTi.size > 50_000) this.lastTi.clear();
    return ti;
  }
}
