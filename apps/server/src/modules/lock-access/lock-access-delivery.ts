import type { Logger } from 'pino';
import type { LockAccessRepository } from './lock-access.repository.ts';
import type { LockAccessService, LockAccessSettings } from './lock-access.service.ts';

const POLL_MS = 1_000;
/** Gateways served per claim statement. */
const CLAIM_BATCH = 50;
/** A slot whose instruction is not pending after this long is stale (its instance stopped, or it ended unheard). */
const STALE_SLOT_MS = 10_000;

/**
 * The ledger's worker: every second (and when woken: a grant, an answer, a retry falling due) it fails the due
 * rows of offline gateways (GATEWAY_OFFLINE, with back-off), claims the next command of every free connected
 * gateway and sends it; every few seconds it also frees stale slots and raises the warning of revocations past
 * their deadline. All of it is claimed from the tables (SKIP LOCKED, the per-gateway slot), so several portal
 * instances share the work and never send a gateway two lock commands at once.
 */
export class LockAccessDelivery {
  private timer: NodeJS.Timeout | null = null;
  private readonly wakeUps = new Set<NodeJS.Timeout>();
  private pass: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private started = false;
  /**
   * Stale slots and overdue revocations are looked for this often, not on every pass: each is a matter of
   * seconds (STALE_SLOT_MS) or minutes (the revocation deadline), and an idle fleet is spared three statements
   * a second.
   */
  private readonly housekeepingMs: number;
  private lastHousekeeping = 0;

  constructor(
    private readonly repo: LockAccessRepository,
    private readonly service: () => LockAccessService,
    private readonly settings: LockAccessSettings,
    private readonly logger: Logger,
    private readonly pollMs = POLL_MS,
  ) {
    this.housekeepingMs = Math.min(STALE_SLOT_MS / 2, settings.revokeDeadlineMs / 4);
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.started = true;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const timeout of this.wakeUps) clearTimeout(timeout);
    this.wakeUps.clear();
    await this.pass;
  }

  /** Looks now, or right after `at`. */
  wake(at?: Date): void {
    if (this.stopped || !this.started) return;
    if (at && at.getTime() > Date.now()) {
      const timeout = setTimeout(
        () => {
          this.wakeUps.delete(timeout);
          this.wake();
        },
        at.getTime() - Date.now() + 5,
      );
      timeout.unref();
      this.wakeUps.add(timeout);
      return;
    }
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = this.drain().finally(() => {
      this.pass = null;
    });
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      await this.runOnce();
    } while (this.again && !this.stopped);
  }

  /** One pass; answers how many commands were sent. */
  async runOnce(now = new Date()): Promise<number> {
    const service = this.service();
    let sent = 0;
    try {
      const offline = await this.repo.failOffline(now, {
        baseMs: this.settings.retryBaseMs,
        maxMs: this.settings.retryMaxMs,
        maxAttempts: this.settings.maxAttempts,
      });
      await service.announce(offline);
      const housekeeping = now.getTime() - this.lastHousekeeping >= this.housekeepingMs;
      if (housekeeping) {
        this.lastHousekeeping = now.getTime();
        const stale = await this.repo.staleSlots(new Date(now.getTime() - STALE_SLOT_MS));
        if (stale.length > 0) {
          this.logger.warn({ uids: stale }, 'stale lock command slots released');
          await service.settleStale(stale);
        }
      }
      for (;;) {
        const claimed = await this.repo.claim(new Date(), CLAIM_BATCH);
        for (const command of claimed) await service.send(command.id, command.instruction_uid);
        sent += claimed.length;
        if (claimed.length < CLAIM_BATCH || this.stopped) break;
      }
      if (housekeeping) await this.warnOverdue(service, now);
    } catch (error) {
      this.logger.warn({ err: error }, 'lock access delivery pass failed');
    }
    return sent;
  }

  private async warnOverdue(service: LockAccessService, now: Date): Promise<void> {
    const overdue = await this.repo.warnOverdue(
      new Date(now.getTime() - this.settings.revokeDeadlineMs),
      now,
    );
    if (overdue.length > 0) {
      this.logger.warn({ accessIds: overdue }, 'lock access revocation past its deadline');
      await service.announce(overdue);
    }
  }
}
