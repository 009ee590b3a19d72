import { type ActivityLogEntry, activityMessages, type EventsMessage } from '@portal/contract';

type EventItem = NonNullable<EventsMessage['SE']>[number];
const asNumber = (value: unknown) => (typeof value === 'number' ? value : undefined);
const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

/** One event (SE) or alert (SA) item as a feed line; known events fill the spec's fields. */
export function eventEntry(ti: number, kind: 'SE' | 'SA', item: EventItem): ActivityLogEntry {
  const entry: ActivityLogEntry = { date: ti, message: item.nme, type: kind === 'SA' ? 'alert' : 'event' };
  switch (item.nme) {
    case 'Scan completed':
      return { ...entry, scannedLocks: asNumber(item.val), whiteListedLocks: asNumber(item.val2) };
    case 'Whitelist updated':
      return { ...entry, whiteListedLocks: item.val };
    case 'Force probe started':
      return { ...entry, locksProbe: asNumber(item.val) };
    case 'Gateway reboot':
      return { ...entry, gatewayReboot: true };
    default: {
      const status = [text(item.val), text(item.val2)].filter(Boolean).join(' - ');
      return status ? { ...entry, status } : entry;
    }
  }
}

export function connectionEntry(ti: number, off: number): ActivityLogEntry {
  const online = off === 0;
  return {
    date: ti,
    type: 'event',
    message: online ? activityMessages.online : activityMessages.offline,
    gatewayConnectionStatus: online ? 'Online' : 'Offline',
  };
}

/** A line for something the portal sent, with the e-mail of who sent it. */
export function commandEntry(
  ti: number,
  action: string,
  detail: Record<string, unknown>,
  madeBy: string | null,
): ActivityLogEntry {
  const entry: ActivityLogEntry = {
    date: ti,
    type: 'event',
    message: action,
    ...(madeBy ? { scanMadeBy: madeBy } : {}),
  };
  const count = detail.count;
  switch (action) {
    case 'POLLING-INTERVAL':
      return { ...entry, message: activityMessages['POLLING-INTERVAL'](Number(detail.pollingInterval)) };
    case 'RSSI-VALUE':
      return { ...entry, message: activityMessages['RSSI-VALUE'](Number(detail.rssiValue)) };
    case 'ONBOARDING-START':
      return { ...entry, message: activityMessages['ONBOARDING-START'](Number(detail.totalScanCycles)) };
    case 'WHITELIST':
      return {
        ...entry,
        message: activityMessages.WHITELIST,
        ...(typeof count === 'number' || typeof count === 'string' ? { whiteListedLocks: count } : {}),
      };
    case 'FORCE-PROBE':
      return { ...entry, message: activityMessages['FORCE-PROBE'], locksProbe: asNumber(count) };
    case 'SCOPE-CHANGE':
      return {
        ...entry,
        message: activityMessages['SCOPE-CHANGE'],
        deviceScopeChange: { from: String(detail.from ?? ''), to: String(detail.to ?? '') },
      };
    case 'SCAN':
    case 'FORCE-IDLE':
    case 'REMOVE-BLACKLISTED-LOCKS':
    case 'RESET':
    case 'ONBOARDING-STOP':
      return { ...entry, message: activityMessages[action] };
    default:
      return entry;
  }
}
