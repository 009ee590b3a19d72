import type { Logger } from 'pino';
import type { EventEmitting } from '../../lib/events.ts';
import type { DevicePublisher } from '../../lib/live.ts';
import { type Meter, noMeter } from '../../lib/metrics.ts';
import {
  type AgentConfigInbox,
  type CommandInbox,
  DeviceInbox,
  type GatewayReports,
  type InstructionInbox,
  type LockReports,
  type PumpInbox,
  type TelemetryReports,
  type UpdateInbox,
} from './device-inbox.ts';
import type { CustomerRateLimits, DeviceRateSettings } from './device-rate.ts';
import { StoredConfirmations } from './stored-confirmations.ts';

/**
 * Ingest: every message a gateway publishes, whichever broker carried it, is rate-limited, validated against
 * the device protocol and handed to the module it concerns through the ports declared in device-inbox.ts;
 * then what was stored is told on `events` (lib/events.ts) to the modules that listen (the alert engine, and
 * `gatewayOnline` to those that resume work for a gateway back). Every port is required: a device message
 * with no module to take it is a type error, not traffic silently dropped.
 */
export function createIngestModule(options: {
  logger: Logger;
  rate: DeviceRateSettings;
  /** The customers' messages-per-second quotas (modules/tenants, docs/quotas.md). */
  customerRates: CustomerRateLimits;
  gateways: GatewayReports;
  telemetry: TelemetryReports;
  instructions: InstructionInbox;
  commands: CommandInbox;
  /** The locks module: lock inventories and histories, and gateways gone offline. */
  locks: LockReports;
  /** The agent configuration module: the gateways' answers to a configuration. */
  agentConfig: AgentConfigInbox;
  /** The firmware module: the gateways' progress on updates. */
  updates: UpdateInbox;
  /** The demo pump: the gateways' pump reports. */
  pump: PumpInbox;
  /** Where what was stored is told (lib/events.ts). */
  events: EventEmitting;
  /** Where the inbox's running totals are read at scrape time (/metrics). */
  meter?: Meter;
  /** The way to gateways: numbered telemetry messages are confirmed once stored (docs/mqtt.md 2.3). */
  devices: DevicePublisher;
}) {
  const logger = options.logger.child({ component: 'ingest' });
  const inbox = new DeviceInbox(
    options.gateways,
    options.telemetry,
    logger,
    options.rate,
    options.instructions,
    options.commands,
    options.locks,
    options.agentConfig,
    options.updates,
    options.pump,
    options.events,
    new StoredConfirmations(options.devices, logger),
    { limits: options.customerRates, devices: options.devices },
  );
  meterInbox(inbox, options.meter ?? noMeter);
  return { inbox };
}

/** The inbox's plain running totals, read only when /metrics is scraped (docs/operations.md, Metrics). */
function meterInbox(inbox: DeviceInbox, meter: Meter): void {
  const { counters } = inbox;
  const total = (name: string, help: string, read: () => number) =>
    meter.readings('counter', name, help, () => [{ value: read() }]);
  total('portal_ingest_messages_total', 'Device messages taken (any topic)', () => counters.received);
  total('portal_ingest_accepted_total', 'Device messages stored or applied', () => counters.accepted);
  total('portal_ingest_samples_total', 'Telemetry samples stored', () => counters.samples);
  total(
    'portal_ingest_slowed_total',
    'Messages held back by the per-gateway rate',
    () => counters.slowedDown,
  );
  total(
    'portal_ingest_slowed_by_quota_total',
    "Messages held back by their customer's messages-per-second quota",
    () => counters.slowedByQuota,
  );
  total(
    'portal_ingest_handle_seconds_total',
    'Time from taking a device message to its acknowledgement, summed (divide by messages for the mean)',
    () => counters.handleMs / 1000,
  );
  meter.readings(
    'counter',
    'portal_ingest_refused_total',
    'Device messages refused whole, by reason',
    () => [...counters.refusedBy].map(([reason, value]) => ({ labels: { reason }, value })),
    ['reason'],
  );
  meter.readings(
    'gauge',
    'portal_ingest_in_flight',
    'Device messages taken and not yet acknowledged (waiting for the rate, the batch or the commit)',
    () => [{ value: inbox.pending }],
  );
}
