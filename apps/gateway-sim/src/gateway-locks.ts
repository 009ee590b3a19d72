import type { ReportedLock } from '@portal/contract';
import type { Instruction } from './downstream-messages.ts';
import type { GatewayReporter } from './gateway-reporter.ts';
import { type LockCommandDeps, LockCommandQueue } from './lock-commands.ts';
import { type LockEngine, randomNearbyLocks } from './lock-engine.ts';
import { eventMessages, fullReport, LockFleet, updateReports } from './lock-fleet.ts';
import { type EquipContext, equipLock, type SimulatedLock } from './lock-model.ts';
import type { LockSettings } from './lock-settings.ts';
import type { ResolvedOptions } from './options.ts';
import { chance, deriveSeed, type Random, seededRandom } from './random.ts';
import type { Timers } from './timers.ts';

/** The locks' lives advance in steps of this. */
const LOCK_TICK_MS = 1_000;
/** Lock changes and history are gathered this long before they are published (an update, a history message). */
const LOCK_FLUSH_MS = 1_000;

/**
 * The locks near a gateway, each equipped from a random stream of its own (deterministic per seed, gateway
 * and lock), and the gateway's whitelist: every lock ('*') one time in five, else about 60 % of them by name.
 */
export function nearbyLocksOf(
  mac: string,
  profileRandom: Random,
  options: Pick<ResolvedOptions, 'seed' | 'locks'>,
  equip: EquipContext,
  whitelist?: '*',
): { nearby: SimulatedLock[]; whitelist: '*' | string[] } {
  const nearby = randomNearbyLocks(profileRandom).map((lock) =>
    equipLock(lock, seededRandom(deriveSeed(options.seed, mac, lock.mac, 'lock')), options.locks, equip),
  );
  const drawn = chance(profileRandom, 0.2)
    ? '*'
    : nearby.filter(() => chance(profileRandom, 0.6)).map((lock) => lock.name);
  return { nearby, whitelist: whitelist ?? drawn };
}

export interface GatewayLocksDeps {
  /** Every lock near the gateway; the engine tells which of them it manages. */
  nearby: SimulatedLock[];
  engine: LockEngine<SimulatedLock>;
  settings: LockSettings;
  /** The room's offset from UTC (the locks' day). */
  utcOffsetHours: number;
  fleetRandom: Random;
  commandRandom: Random;
  timers: Timers;
  report: GatewayReporter;
  isConnected(): boolean;
  isStopping(): boolean;
  forcedFailure?: LockCommandDeps['forcedFailure'];
}

/**
 * A simulated gateway's locks: the fleet living its day (a tick a second), the lock instructions queue, and the
 * lock reports and history it publishes (docs/mqtt.md 2.6, 2.7): the full inventory on connect and after a
 * probe, the updates and history gathered for a second otherwise.
 */
export class GatewayLocks {
  readonly fleet: LockFleet;
  private readonly commands: LockCommandQueue;
  private flushPending = false;

  constructor(private readonly deps: GatewayLocksDeps) {
    this.fleet = new LockFleet(
      deps.nearby,
      () => deps.engine.managedLocks(),
      deps.settings,
      deps.fleetRandom,
      deps.utcOffsetHours,
      () => this.scheduleFlush(),
    );
    this.commands = new LockCommandQueue({
      fleet: this.fleet,
      timers: deps.timers,
      random: deps.commandRandom,
      settings: deps.settings,
      answer: (response) => void deps.report.response('instruction', response),
      ...(deps.forcedFailure === undefined ? {} : { forcedFailure: deps.forcedFailure }),
    });
    deps.timers.every('lock-tick', LOCK_TICK_MS, () => this.fleet.tick(Date.now(), LOCK_TICK_MS));
  }

  /** The locks the gateway manages, as it reports them. */
  reports(): ReportedLock[] {
    return this.fleet.reports();
  }

  /** Lock instructions waiting or being carried out. */
  get queueDepth(): number {
    return this.commands.depth;
  }

  /** A lock instruction from the portal (queued: one lock at a time). */
  receive(instruction: Instruction): void {
    this.commands.receive(instruction);
  }

  /** A reboot: the instructions under way are dropped. */
  interrupt(): void {
    this.commands.interrupt();
  }

  /** The full lock inventory (docs/mqtt.md 2.6), in parts of 500; it says all an update would. */
  async reportAll(): Promise<void> {
    const TI = Date.now();
    this.fleet.outbox.changed.clear();
    for (const part of fullReport(this.fleet.inventory(), TI)) {
      if (!(await this.deps.report.locks(part))) return;
    }
  }

  /** A probe ended: fetch the probed locks' history, set clocks gone far off, report the inventory. */
  probed(macs: string[]): void {
    this.fleet.probed(macs, Date.now());
    void this.reportAll().then(() => this.scheduleFlush());
  }

  private scheduleFlush(): void {
    if (this.flushPending || this.deps.isStopping()) return;
    this.flushPending = true;
    this.deps.timers.once('lock-flush', LOCK_FLUSH_MS, () => {
      this.flushPending = false;
      void this.flush();
    });
  }

  /** Publishes the lock updates and history gathered; what could not be sent waits for the next connect. */
  async flush(): Promise<void> {
    const { outbox } = this.fleet;
    if (outbox.isEmpty || !this.deps.isConnected()) return;
    const taken = outbox.take();
    const changed = new Set(taken.changed);
    const reports = this.fleet.reports().filter((lock) => changed.has(lock.MAC));
    for (const update of updateReports(reports, taken.removed, Date.now())) {
      if (!(await this.deps.report.locks(update))) {
        outbox.putBack(taken);
        return;
      }
    }
    const chunks = eventMessages(taken.events);
    for (const [index, events] of chunks.entries()) {
      if (!(await this.deps.report.lockEvents(events))) {
        outbox.putBack({ events: chunks.slice(index).flat(), changed: [], removed: [] });
        return;
      }
    }
  }
}
