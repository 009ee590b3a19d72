import {
  type AlertIncident,
  type AlertIncidentLiveMessage,
  type EventsMessage,
  live,
} from '@portal/contract';
import type { Logger } from 'pino';
import type { LivePublisher } from '../../lib/live.ts';
import type { DeviceIdentity } from '../../lib/principal.ts';
import type { Incident, IncidentsRepository } from './incidents.repository.ts';
import { alertItem, type IncidentEvent } from './messages.ts';
import type { AlertNotifier } from './notifications/notifier.ts';
import type { RulesCache } from './rules-cache.ts';

/** Where the SA items go: the telemetry module stores them as the gateway's alerts and pushes them live. */
export interface AlertEventSink {
  recordEvents(device: DeviceIdentity, message: EventsMessage): Promise<void>;
}

export function incidentView(row: Incident): AlertIncident {
  return {
    id: row.id,
    scopeId: row.tenant_id,
    ruleId: row.rule_id,
    ruleName: row.rule_name,
    kind: row.kind,
    alertType: row.alert_type,
    gatewayMac: row.gateway_mac,
    subject: row.subject,
    sensor: row.sensor,
    state: row.state,
    value: row.value,
    threshold: row.threshold,
    startedAt: row.started_at.getTime(),
    firedAt: row.fired_at?.getTime() ?? null,
    resolvedAt: row.resolved_at?.getTime() ?? null,
    suppressedCount: row.suppressed_count,
    // The incident lifecycle's columns come with its migration (issue 31).
    subjectName: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    escalatedAt: null,
  };
}

/**
 * Tells the world an incident fired, resolved or is still on: an SA item in the gateway's panels (not for a
 * repeat), the incident on the alerts channels of the gateway's customer and the customers above it, and the receivers by e-mail and SMS (AlertNotifier).
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
    private readonly logger: Logger,
  ) {}

  async announce(incident: Incident, event: IncidentEvent): Promise<void> {
    try {
      const item = alertItem(incident, event);
      const device = { mac: incident.gateway_mac, tenantId: incident.tenant_id };
      if (item) await this.events.recordEvents(device, { TI: this.itemTime(device.mac), SA: [item] });
      // On the alerts channel of the gateway's customer and of every customer above it, whose users list its
      // incidents too (GET /api/alert-incidents); the ACL keeps each channel to users reaching its customer, so
      // a sibling or a sub-customer never hears of what happens above or beside it.
      const message: AlertIncidentLiveMessage = { type: 'incident', event, incident: incidentView(incident) };
      const scopes = [incident.tenant_id, ...(await this.repo.ancestorsOf(incident.tenant_id))];
      for (const scopeId of new Set(scopes)) this.live.publish(live.alerts(scopeId), message);
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

  private itemTime(mac: string): number {
    const ti = Math.max(Date.now(), (this.lastTi.get(mac) ?? 0) + 1);
    this.lastTi.set(mac, ti);
    if (this.lastTi.size > 50_000) this.lastTi.clear();
    return ti;
  }
}
