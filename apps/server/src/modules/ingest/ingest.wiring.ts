import type { Logger } from 'pino';
import {
  type AgentConfigInbox,
  type CommandInbox,
  DeviceInbox,
  type GatewayReports,
  type InstructionInbox,
  type LockReports,
  type TelemetryReports,
  type UpdateInbox,
} from './device-inbox.ts';

/**
 * Ingest: every message a gateway publishes, whichever broker carried it, is rate-limited, validated against
 * the device protocol and handed to the module it concerns through the ports declared in device-inbox.ts.
 */
export function createIngestModule(options: {
  logger: Logger;
  rate: { perSecond: number; burst: number };
  gateways: GatewayReports;
  telemetry: TelemetryReports;
  instructions: InstructionInbox;
  commands: CommandInbox;
  /** The locks module; without it lock reports are validated and dropped. */
  locks?: LockReports;
  /** The agent configuration module: the gateways' answers to a configuration. */
  agentConfig?: AgentConfigInbox;
  /** The firmware module: the gateways' progress on updates. */
  updates?: UpdateInbox;
}) {
  const inbox = new DeviceInbox(
    options.gateways,
    options.telemetry,
    options.logger.child({ component: 'ingest' }),
    options.rate,
    options.instructions,
    options.commands,
    options.locks,
    options.agentConfig,
    options.updates,
  );
  return { inbox };
}
