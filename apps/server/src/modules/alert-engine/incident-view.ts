import type { AlertIncident } from '@portal/contract';
import type { Incident } from './incidents.repository.ts';

/** An incident as the API, the live channel and the hooks show it (contract `alertIncident`). */
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
    subjectName: row.subject_name,
    acknowledgedAt: row.acknowledged_at?.getTime() ?? null,
    acknowledgedBy: row.acknowledged_by_name ?? (row.acknowledged_by ? 'A removed user' : null),
    escalatedAt: row.escalated_at?.getTime() ?? null,
  };
}
