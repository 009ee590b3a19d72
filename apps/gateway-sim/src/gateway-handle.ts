import type { ReportedLock } from '@portal/contract';
import type { GatewayLiveState } from './lock-engine.ts';

/** What a caller of startSimulation can see and do with one simulated gateway. */
export interface GatewayHandle {
  readonly mac: string;
  readonly scopeId: string | undefined;
  isConnected(): boolean;
  liveState(): GatewayLiveState;
  /** Telemetry samples waiting to be sent (they pile up while offline). */
  backlogSize(): number;
  /** Samples the portal confirmed stored or refused, and samples dropped from a full backlog (oldest first). */
  telemetryTotals(): { confirmed: number; refused: number; dropped: number };
  /** Takes no more samples; what waits is still sent until the portal confirms it stored. */
  stopMeasuring(): void;
  /** Drops the connection abruptly (the broker sends the will) and comes back after `durationMs`. */
  simulateOutage(durationMs: number): void;
  /** The locks the gateway manages, as it reports them (docs/mqtt.md 2.6). */
  locks(): ReportedLock[];
  /** Lock instructions waiting or being carried out. */
  lockQueueDepth(): number;
  /** Whether a camera module is fitted (the state's CMS 1). */
  hasCamera(): boolean;
  /** Fits or removes the camera module; the state reports it (a removal fires the portal's camera alerts). */
  setCamera(fitted: boolean): void;
}
