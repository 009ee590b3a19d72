import type {
  DeviceStateMessage,
  DeviceStatusMessage,
  EventsMessage,
  LockEventsMessage,
  LockReport,
  TelemetrySample,
} from '@portal/contract';
import type { DeviceIdentity } from '../../lib/principal.ts';
import type { AlertEngine } from './alert-engine.service.ts';

// The ingest ports the engine listens behind (modules/ingest/device-inbox.ts), declared here by shape.
interface GatewayReports {
  recordStatus(device: DeviceIdentity, message: DeviceStatusMessage): Promise<boolean>;
  recordState(device: DeviceIdentity, message: DeviceStateMessage): Promise<void>;
}
interface TelemetryReports {
  recordSamples(device: DeviceIdentity, samples: TelemetrySample[]): Promise<void>;
  recordEvents(device: DeviceIdentity, message: EventsMessage): Promise<void>;
  flush(): Promise<void>;
}
interface LockReports {
  recordLocks(device: DeviceIdentity, report: LockReport): Promise<void>;
  recordLockEvents(device: DeviceIdentity, message: LockEventsMessage): Promise<void>;
  gatewayOffline(device: DeviceIdentity): Promise<void>;
}

/**
 * The ingest ports with the engine behind them: each message is stored by its module first, then the engine
 * sees it (it never fails the message: its errors are logged).
 */
export function observedReports(engine: AlertEngine) {
  return {
    gateways: (inner: GatewayReports): GatewayReports => ({
      recordStatus: async (device, message) => {
        const newest = await inner.recordStatus(device, message);
        if (newest && message.CS === 0) await engine.gatewayDown(device);
        else if (newest && message.CS === 1) await engine.gatewayUp(device);
        return newest;
      },
      recordState: async (device, message) => {
        await inner.recordState(device, message);
        await engine.gatewayState(device, message);
      },
    }),
    telemetry: (inner: TelemetryReports): TelemetryReports => ({
      recordSamples: async (device, samples) => {
        await inner.recordSamples(device, samples);
        await engine.samples(device, samples);
      },
      recordEvents: (device, message) => inner.recordEvents(device, message),
      flush: () => inner.flush(),
    }),
    locks: (inner: LockReports): LockReports => ({
      recordLocks: async (device, report) => {
        await inner.recordLocks(device, report);
        await engine.locks(device, report);
      },
      recordLockEvents: async (device, message) => {
        await inner.recordLockEvents(device, message);
        await engine.lockEvents(device, message);
      },
      gatewayOffline: (device) => inner.gatewayOffline(device),
    }),
  };
}
