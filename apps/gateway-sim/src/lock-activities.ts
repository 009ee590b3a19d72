import type { GatewayReporter } from './gateway-reporter.ts';
import { ENGINE_STATE, type LockEngine, type ScanResult } from './lock-engine.ts';
import type { Timers } from './timers.ts';

export type ScanTrigger = 'Portal' | 'Scheduler' | 'Onboarding';

const ONBOARDING_CYCLE_GAP_MS = 500;

/**
 * The timed side of the lock engine: a scan lasts `scanDurationMs`, probing half of it, and an onboarding run
 * is a series of scans whose progress goes to the scope's onboarding status topic. Every step publishes the state.
 */
export class LockActivities {
  private onboarding = false;

  constructor(
    private readonly engine: LockEngine,
    private readonly timers: Timers,
    private readonly reporter: GatewayReporter,
    private readonly scanDurationMs: number,
    /** A probe ended: the MACs it probed (the gateway then fetches their history and reports its locks). */
    private readonly onProbed: (macs: string[]) => void = () => {},
  ) {}

  /** Ends a scan, probe or onboarding run in progress. */
  abort(): void {
    this.timers.cancel('scan', 'probe', 'onboarding');
    this.onboarding = false;
  }

  forceIdle(): void {
    this.abort();
    this.engine.forceIdle(Date.now());
  }

  startScan(trigger: ScanTrigger, onScanned?: (result: ScanResult) => void): void {
    if (trigger === 'Onboarding') this.timers.cancel('scan', 'probe');
    else this.abort();
    this.engine.startScan();
    this.reporter.change('Scan started', trigger);
    this.timers.once('scan', this.scanDurationMs, () => {
      const result = this.engine.completeScan(Date.now());
      this.reporter.change('Scan completed', result.found.length, result.whitelistedFound.length);
      void this.reporter.scan(result.found);
      onScanned?.(result);
      if (this.engine.currentState === ENGINE_STATE.probing) this.finishProbeLater();
    });
  }

  startProbe(lockMacs: string[]): void {
    this.abort();
    this.engine.startProbe(this.engine.nearbyLocksByMac(lockMacs));
    this.reporter.change('Force probe started', lockMacs.length);
    this.finishProbeLater();
  }

  startOnboarding(scopeId: string, totalScanCycles: number): void {
    this.abort();
    this.onboarding = true;
    this.runOnboardingCycle(scopeId, 1, totalScanCycles);
  }

  /** The stop topic is scope-wide: only a gateway that is onboarding answers it. */
  stopOnboarding(scopeId: string): void {
    if (!this.onboarding) return;
    this.forceIdle();
    void this.reporter.onboarding(scopeId, { status: 'STOPPED' });
    void this.reporter.state();
  }

  private finishProbeLater(): void {
    this.timers.once('probe', this.scanDurationMs / 2, () => {
      const probed = this.engine.completeProbe(Date.now());
      void this.reporter.state();
      this.onProbed(probed);
    });
  }

  private runOnboardingCycle(scopeId: string, cycle: number, totalScanCycles: number): void {
    this.startScan('Onboarding', (result) => {
      const done = cycle >= totalScanCycles;
      if (done) this.onboarding = false;
      void this.reporter.onboarding(scopeId, {
        status: done ? 'COMPLETED' : 'SCANNING',
        cycle,
        totalScanCycles,
        scannedLocks: result.found.map((lock) => ({ MAC: lock.mac, name: lock.name, RSSI: lock.rssi })),
      });
      if (!done) {
        this.timers.once('onboarding', ONBOARDING_CYCLE_GAP_MS, () =>
          this.runOnboardingCycle(scopeId, cycle + 1, totalScanCycles),
        );
      }
    });
  }
}
