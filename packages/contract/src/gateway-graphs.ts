import { z } from 'zod';
import { eventItem } from './device.ts';
import { statesParams } from './sensors.ts';

/** Texts of the gateway graphs (spec 001 sections 2 and 8; the 3-month text is the issue's). */
export const GRAPH_TEXTS = {
  noSensorAlerts: 'No Sensor Alerts',
  noSystemAlerts: 'No System Alerts',
  sensorAlerts: 'Sensor Alerts',
  systemAlerts: 'System Alerts',
  customRangeTooLong: "Custom range can't exceed 3 months.",
  fromTooEarly: 'From date cannot be before 01/01/2024',
  fromAfterTo: 'From date cannot be after To date',
  toBeforeFrom: 'To date cannot be before From date',
  toAfterToday: 'To date cannot be after today',
  dateRequired: 'Please select a date',
} as const;

/** Custom graph range (spec 001 section 5): From not before this day (YYYY-MM-DD). */
export const CUSTOM_RANGE_EARLIEST_DAY = '2024-01-01';
/** Custom graph range: To at most this many calendar months after From. */
export const CUSTOM_RANGE_MAX_MONTHS = 3;

/** GET /api/device/events/macId/{m}/fromTime/{f}/toTime/{t}: the same range rules as the states call. */
export const gatewayEventsParams = statesParams;

/** At most this many events and this many alerts come back for one range (the newest ones). */
export const MAX_EVENTS_PER_RANGE = 1000;

/** One event or alert with the time it was raised (spec 001 section 3: nme, val, val2, sr, alrt, TI). */
export const gatewayEventEntry = eventItem.extend({ TI: z.number() });
export type GatewayEventEntry = z.infer<typeof gatewayEventEntry>;

/** Events (SE) and alerts (SA) of a gateway over a range, oldest first. */
export const gatewayEvents = z.object({ SE: z.array(gatewayEventEntry), SA: z.array(gatewayEventEntry) });
export type GatewayEvents = z.infer<typeof gatewayEvents>;
