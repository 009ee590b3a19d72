import { type DeviceStateMessage, MAX_REPORTED_WHITELIST } from '@portal/contract';
import { chance, gaussian, type Random, randomHex, randomInt, uniform } from './random.ts';

/** The live state a gateway reports under `state` in its state message. */
export type GatewayLiveState = NonNullable<DeviceStateMessage['state']>;

export const ENGINE_STATE = {
  idle: 'IdleState',
  scanning: 'ScanningState',
  probing: 'LockProbingState',
} as const;

/** A BLE lock in radio range: its MAC, the name it advertises, its mean signal strength in dBm. */
export interface NearbyLock {
  mac: string;
  name: string;
  rssi: number;
  /** Gone out of radio range for a while (lock-model.ts): no scan or probe hears it. */
  outOfRange?: boolean;
}

/** '*' means every lock; otherwise the names (or MACs) of the locks the gateway manages. */
export type Whitelist = '*' | readonly string[];

export interface ScanResult {
  found: NearbyLock[];
  whitelistedFound: NearbyLock[];
  /** Whitelisted locks the scan did not hear. */
  unreachable: string[];
}

export const DEFAULT_POLL_INTERVAL_MINUTES = 15;
export const DEFAULT_RSSI_THRESHOLD = -85;
const MINUTE_MS = 60_000;

/** A lock's advertised name, from the end of its MAC: 'Lock-0A01'. */
export const lockNameOf = (mac: string) => `Lock-${mac.slice(-4)}`;

export function randomNearbyLocks(random: Random): NearbyLock[] {
  const count = randomInt(random, 3, 18);
  const locks: NearbyLock[] = [];
  while (locks.length < count) {
    const mac = randomHex(random, 12);
    const rssi = Math.round(uniform(random, -95, -40));
    // Names must be unique per gateway (the whitelist names locks): skip a lock whose name is taken.
    if (!locks.some((lock) => lock.name === lockNameOf(mac)))
      locks.push({ mac, name: lockNameOf(mac), rssi });
  }
  return locks;
}

/** The whitelist names locks (a lock's MAC counts as a name too). */
export function isWhitelisted(whitelist: Whitelist, lock: Pick<NearbyLock, 'mac' | 'name'>): boolean {
  return whitelist === '*' || whitelist.includes(lock.name) || whitelist.includes(lock.mac);
}

/** One BLE scan: a lock is heard when its noisy signal clears the RSSI threshold (and the radio is lucky). */
export function scanNearbyLocks(
  locks: readonly NearbyLock[],
  rssiThreshold: number,
  whitelist: Whitelist,
  random: Random,
): ScanResult {
  const found = locks
    .filter((lock) => !lock.outOfRange)
    .map((lock) => ({ ...lock, rssi: Math.round(lock.rssi + 4 * gaussian(random)) }))
    .filter((lock) => lock.rssi >= rssiThreshold && chance(random, 0.92));
  const whitelistedFound = found.filter((lock) => isWhitelisted(whitelist, lock));
  const heard = new Set(found.flatMap((lock) => [lock.mac, lock.name]));
  const unreachable = whitelist === '*' ? [] : whitelist.filter((name) => !heard.has(name));
  return { found, whitelistedFound, unreachable };
}

function strongestAndWeakest(locks: readonly NearbyLock[]): Partial<GatewayLiveState> {
  if (locks.length === 0) {
    return { lockWithStrongestRssi: null, strongestRssi: null, lockWithWeakestRssi: null, weakestRssi: null };
  }
  const sorted = [...locks].sort((a, b) => b.rssi - a.rssi);
  const strongest = sorted[0]!;
  const weakest = sorted[sorted.length - 1]!;
  return {
    lockWithStrongestRssi: strongest.mac,
    strongestRssi: strongest.rssi,
    lockWithWeakestRssi: weakest.mac,
    weakestRssi: weakest.rssi,
  };
}

/**
 * The gateway's lock engine: scans, probes and the settings the portal's commands change, and the locks it
 * manages (whitelisted locks it has probed; those of the whitelist at start count as probed before).
 */
export class LockEngine<L extends NearbyLock = NearbyLock> {
  private live: GatewayLiveState;
  private whitelist: Whitelist;
  private readonly probed = new Set<string>();
  private probing: string[] = [];

  constructor(
    private readonly random: Random,
    private readonly nearby: readonly L[],
    whitelist: Whitelist,
    now: number,
  ) {
    this.whitelist = whitelist;
    for (const lock of nearby) if (isWhitelisted(whitelist, lock)) this.probed.add(lock.mac);
    this.live = {
      currentState: ENGINE_STATE.idle,
      currentLock: null,
      currentLockRssi: null,
      whitelistedLocksCount: whitelistCount(whitelist),
      totalScannedLocks: 0,
      totalWhitelistedScannedLocks: 0,
      totalScannedLocksCount: 0,
      unreacheableLocksList: [],
      pollInterval: DEFAULT_POLL_INTERVAL_MINUTES * MINUTE_MS,
      rssiValue: DEFAULT_RSSI_THRESHOLD,
      nextScanAt: now + DEFAULT_POLL_INTERVAL_MINUTES * MINUTE_MS,
      locksYetToProbeCount: 0,
      locksYetToFetchHistoryCount: 0,
      ...strongestAndWeakest([]),
      locksToUpdateFwCount: randomInt(random, 0, 2),
    };
  }

  snapshot(): GatewayLiveState {
    return { ...this.live, unreacheableLocksList: [...(this.live.unreacheableLocksList ?? [])] };
  }

  get currentState(): string {
    return this.live.currentState ?? ENGINE_STATE.idle;
  }

  isScanDue(now: number): boolean {
    return (
      this.currentState === ENGINE_STATE.idle && now >= (this.live.nextScanAt ?? Number.POSITIVE_INFINITY)
    );
  }

  startScan(): void {
    this.live = {
      ...this.live,
      currentState: ENGINE_STATE.scanning,
      currentLock: null,
      currentLockRssi: null,
    };
  }

  /** Ends a scan; moves on to probing the whitelisted locks it heard, or back to idle. */
  completeScan(now: number): ScanResult {
    const result = scanNearbyLocks(
      this.nearby,
      this.live.rssiValue ?? DEFAULT_RSSI_THRESHOLD,
      this.whitelist,
      this.random,
    );
    this.live = {
      ...this.live,
      totalScannedLocks: result.found.length,
      totalWhitelistedScannedLocks: result.whitelistedFound.length,
      totalScannedLocksCount: (this.live.totalScannedLocksCount ?? 0) + result.found.length,
      unreacheableLocksList: result.unreachable,
      ...strongestAndWeakest(result.found),
    };
    if (result.whitelistedFound.length > 0) this.startProbe(result.whitelistedFound);
    else this.becomeIdle(now);
    return result;
  }

  /** Probes the given locks (force probe names them by MAC); unknown MACs are probed blind at a weak signal. */
  startProbe(locks: readonly NearbyLock[]): void {
    const first = locks[0];
    this.probing = locks.map((lock) => lock.mac);
    this.live = {
      ...this.live,
      currentState: ENGINE_STATE.probing,
      currentLock: first?.mac ?? null,
      currentLockRssi: first?.rssi ?? null,
      locksYetToProbeCount: locks.length,
      locksYetToFetchHistoryCount: locks.length,
    };
  }

  nearbyLocksByMac(macs: readonly string[]): NearbyLock[] {
    return macs.map(
      (mac) => this.nearby.find((lock) => lock.mac === mac) ?? { mac, name: lockNameOf(mac), rssi: -100 },
    );
  }

  /** Ends a probe; returns the MACs it probed. The whitelisted ones it heard are managed from now on. */
  completeProbe(now: number): string[] {
    const probed = this.probing;
    for (const lock of this.nearby) {
      if (probed.includes(lock.mac) && !lock.outOfRange && isWhitelisted(this.whitelist, lock))
        this.probed.add(lock.mac);
    }
    this.becomeIdle(now);
    return probed;
  }

  /** The locks the gateway manages: whitelisted and probed. */
  managedLocks(): L[] {
    return this.nearby.filter((lock) => this.probed.has(lock.mac) && isWhitelisted(this.whitelist, lock));
  }

  isManaged(mac: string): boolean {
    return this.managedLocks().some((lock) => lock.mac === mac);
  }

  forceIdle(now: number): void {
    this.becomeIdle(now);
  }

  /** The portal sends the scan frequency in minutes; the live state reports it in ms. */
  setPollIntervalMinutes(minutes: number, now: number): void {
    const pollInterval = minutes * MINUTE_MS;
    this.live = { ...this.live, pollInterval, nextScanAt: now + pollInterval };
  }

  setRssiThreshold(rssiValue: number): void {
    this.live = { ...this.live, rssiValue };
  }

  /**
   * The whitelist as the state reports it (docs/mqtt.md 2.2): its names, or ['*'] for every lock; none past
   * MAX_REPORTED_WHITELIST names (the count still tells).
   */
  reportedWhitelist(): string[] | undefined {
    if (this.whitelist === '*') return ['*'];
    return this.whitelist.length <= MAX_REPORTED_WHITELIST ? [...this.whitelist] : undefined;
  }

  /** Replaces the whitelist; returns the MACs of the locks it no longer manages. */
  setWhitelist(whitelist: Whitelist): string[] {
    const before = this.managedLocks();
    this.whitelist = whitelist;
    this.live = { ...this.live, whitelistedLocksCount: whitelistCount(whitelist) };
    return before.filter((lock) => !isWhitelisted(whitelist, lock)).map((lock) => lock.mac);
  }

  /** Forgets the locks marked unreachable; returns how many there were. */
  removeBlacklistedLocks(): number {
    const removed = this.live.unreacheableLocksList?.length ?? 0;
    this.live = { ...this.live, unreacheableLocksList: [] };
    return removed;
  }

  private becomeIdle(now: number): void {
    this.probing = [];
    this.live = {
      ...this.live,
      currentState: ENGINE_STATE.idle,
      currentLock: null,
      currentLockRssi: null,
      locksYetToProbeCount: 0,
      locksYetToFetchHistoryCount: 0,
      nextScanAt: now + (this.live.pollInterval ?? DEFAULT_POLL_INTERVAL_MINUTES * MINUTE_MS),
    };
  }
}

function whitelistCount(whitelist: Whitelist): number | '*' {
  return whitelist === '*' ? '*' : whitelist.length;
}
