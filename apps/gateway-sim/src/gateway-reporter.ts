import {
  type DeviceStateMessage,
  type DeviceStatusMessage,
  deviceUp,
  type EventsMessage,
  type LockEvent,
  type LockEventsMessage,
  type LockReport,
  type ScanReport,
  type TelemetryMessage,
  type TelemetrySample,
} from '@portal/contract';
import type { DeviceFacts } from './device-profile.ts';
import type { EventItem } from './events.ts';
import type { GatewayLink } from './gateway-link.ts';
import type { InstructionResponse } from './instructions.ts';
import type { LockEngine, NearbyLock } from './lock-engine.ts';

/** Progress of an onboarding run on `gateways/{scopeId}/onboarding/status/{mac}`. */
export interface OnboardingStatus {
  status: 'SCANNING' | 'COMPLETED' | 'STOPPED';
  cycle?: number;
  totalScanCycles?: number;
  scannedLocks?: Array<{ MAC: string; name: string; RSSI: number }>;
}

/** Builds a gateway's upstream messages (contract shapes, contract topics) and publishes them at QoS 1. */
export class GatewayReporter {
  constructor(
    private readonly mac: string,
    private readonly link: GatewayLink,
    private readonly facts: DeviceFacts,
    private readonly engine: LockEngine,
  ) {}

  online(): Promise<boolean> {
    const message: DeviceStatusMessage = { CS: 1, TI: Date.now() };
    return this.link.publishJson(deviceUp.status(this.mac), message);
  }

  state(): Promise<boolean> {
    const listOfWhiteListedLocks = this.engine.reportedWhitelist();
    const message: DeviceStateMessage = {
      TI: Date.now(),
      ...this.facts,
      state: this.engine.snapshot(),
      ...(listOfWhiteListedLocks ? { listOfWhiteListedLocks } : {}),
    };
    return this.link.publishJson(deviceUp.state(this.mac), message);
  }

  events(items: { SE?: EventItem[]; SA?: EventItem[] }): Promise<boolean> {
    const message: EventsMessage = { TI: Date.now(), ...items };
    return this.link.publishJson(deviceUp.events(this.mac), message);
  }

  /** An event (SE) and then the state it changed; fire and forget. */
  change(name: string, value: string | number, value2?: string | number): void {
    void this.events({ SE: [{ nme: name, val: value, ...(value2 === undefined ? {} : { val2: value2 }) }] });
    void this.state();
  }

  /** Numbered (`seq`): the portal confirms it once stored (docs/mqtt.md 2.3). */
  telemetry(samples: TelemetrySample[], seq: number): Promise<boolean> {
    const message: TelemetryMessage = { samples, seq };
    return this.link.publishJson(deviceUp.telemetry(this.mac), message);
  }

  response(kind: string, response: InstructionResponse): Promise<boolean> {
    return this.link.publishJson(deviceUp.response(this.mac, kind, response.uid), response);
  }

  /** The locks a finished scan heard (the portal keeps the last for force probe and ScannedData.csv). */
  scan(locks: readonly NearbyLock[]): Promise<boolean> {
    const message: ScanReport = {
      TI: Date.now(),
      locks: locks.map((lock) => ({ MAC: lock.mac, name: lock.name, RSSI: lock.rssi })),
    };
    return this.link.publishJson(deviceUp.scan(this.mac), message);
  }

  /** A lock report (docs/mqtt.md 2.6): a part of the full inventory, or an update. */
  locks(report: LockReport): Promise<boolean> {
    return this.link.publishJson(deviceUp.locks(this.mac), report);
  }

  /** Lock history entries (docs/mqtt.md 2.7), 1 to 100, oldest first. */
  lockEvents(events: LockEvent[]): Promise<boolean> {
    const message: LockEventsMessage = { events };
    return this.link.publishJson(deviceUp.lockEvents(this.mac), message);
  }

  onboarding(scopeId: string, status: OnboardingStatus): Promise<boolean> {
    return this.link.publishJson(deviceUp.onboardingStatus(scopeId, this.mac), { TI: Date.now(), ...status });
  }
}
