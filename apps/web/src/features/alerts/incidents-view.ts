import {
  type AlertIncident,
  type AlertIncidentLiveMessage,
  type AlertNotification,
  alertIncidentLiveMessage,
  alertNotificationMessages,
  type HierarchyNode,
  incidentAcknowledgeMessages,
} from '@portal/contract';
import { ApiError } from '../../lib/api-error.ts';

/**
 * The Incidents screen's rules (docs/alerts.md 'Incidents'): which incidents a filter shows, how a live message
 * changes the list, and when Acknowledge is offered.
 */
export const INCIDENT_FILTERS = ['open', 'acknowledged', 'resolved', 'all'] as const;
export type IncidentFilter = (typeof INCIDENT_FILTERS)[number];

/** What a row's chip says: pending and firing as the engine has them, acknowledged = firing with acknowledgedAt. */
export type IncidentStatus = 'pending' | 'firing' | 'acknowledged' | 'resolved';

export function incidentStatus(incident: AlertIncident): IncidentStatus {
  if (incident.state === 'firing' && incident.acknowledgedAt !== null) return 'acknowledged';
  return incident.state;
}

/** Open: pending or firing and nobody acknowledged it yet, what still needs a person. */
export function matchesIncidentFilter(incident: AlertIncident, filter: IncidentFilter): boolean {
  const status = incidentStatus(incident);
  switch (filter) {
    case 'open':
      return status === 'pending' || status === 'firing';
    case 'acknowledged':
      return status === 'acknowledged';
    case 'resolved':
      return status === 'resolved';
    default:
      return true;
  }
}

/**
 * Which server list a filter reads: open and acknowledged incidents are all in `state=open` (pending and firing,
 * not cut at the newest 200 of every state); resolved ones only in `state=all`.
 */
export const serverStateOf = (filter: IncidentFilter): 'open' | 'all' =>
  filter === 'open' || filter === 'acknowledged' ? 'open' : 'all';

/** Newest first, as the server lists them (by start). */
const newestFirst = (a: AlertIncident, b: AlertIncident) => b.startedAt - a.startedAt;

/**
 * A live message applied to a cached list: the incident replaces its row (the message carries the whole
 * incident), or joins the list when new; an older copy never overwrites a newer one (a late 'fired' after its
 * 'acknowledged'). A list of open incidents drops a resolved one.
 */
export function mergeIncident(
  list: readonly AlertIncident[],
  incident: AlertIncident,
  serverState: 'open' | 'all',
): AlertIncident[] {
  const index = list.findIndex((item) => item.id === incident.id);
  const current = index >= 0 ? list[index] : undefined;
  const next = current && isOlder(incident, current) ? current : incident;
  const rest = list.filter((item) => item.id !== incident.id);
  if (serverState === 'open' && next.state === 'resolved') return rest;
  return [...rest, next].sort(newestFirst);
}

const LIFECYCLE_ORDER = { pending: 0, firing: 1, resolved: 2 } as const;

/** Whether `incoming` tells less than what the list holds: an earlier state, or the same state without an ack. */
function isOlder(incoming: AlertIncident, current: AlertIncident): boolean {
  const order = LIFECYCLE_ORDER[incoming.state] - LIFECYCLE_ORDER[current.state];
  if (order !== 0) return order < 0;
  if (current.acknowledgedAt !== null && incoming.acknowledgedAt === null) return true;
  return current.escalatedAt !== null && incoming.escalatedAt === null;
}

/** The incident of a message on `portal/{scopeId}/alerts`, or null for the channel's other messages. */
export function incidentOfLiveMessage(message: unknown): AlertIncidentLiveMessage | null {
  const parsed = alertIncidentLiveMessage.safeParse(message);
  return parsed.success ? parsed.data : null;
}

/** Acknowledge is offered to a holder of ALERTS_WRITE on a firing incident nobody acknowledged. */
export const canAcknowledge = (incident: AlertIncident, canWrite: boolean) =>
  canWrite && incident.state === 'firing' && incident.acknowledgedAt === null;

/** A lock alert names its lock; otherwise the subject the engine gives (the gateway's MAC, or the lock's). */
export const subjectText = (incident: AlertIncident) => incident.subjectName ?? incident.subject;

/**
 * What a refused acknowledge shows: the server's own words for a 409 (not firing, already acknowledged) and
 * a 404 (another customer's, or gone), the contract's 'not firing' text for anything else 4xx, and the
 * error's message for a failure to reach the server.
 */
export function acknowledgeFailureText(error: Error): string {
  if (error instanceof ApiError && (error.status === 409 || error.status === 404)) return error.message;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return incidentAcknowledgeMessages.notFiring;
  return error.message;
}

/** Root's view and a customer with sub-customers: incidents of more than the viewed customer name theirs. */
export const isMixedIncidentList = (incidents: readonly AlertIncident[], scopeId: string) =>
  incidents.some((incident) => incident.scopeId !== scopeId);

export function customerNamesOf(tree: HierarchyNode | undefined): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  const visit = (node: HierarchyNode) => {
    names.set(node.scope.id, node.scope.name);
    for (const child of node.children) visit(child);
  };
  if (tree) visit(tree);
  return names;
}

/**
 * A firing waiting in a digest window not yet sent (docs/alert-engine.md, Digest): 'In the digest due at
 * {time}', the contract's English (shown through the messages catalogue); null for any other notification,
 * including the sent digest that takes its place.
 */
export function digestDueText(
  notification: AlertNotification,
  formatAt: (ms: number) => string,
): string | null {
  if (
    notification.event !== 'digest' ||
    notification.status !== 'pending' ||
    notification.dueAt === undefined
  )
    return null;
  return alertNotificationMessages.inDigest(formatAt(notification.dueAt));
}
