import { setTimeout as sleep } from 'node:timers/promises';
import { ADDRESS_SPRAYING, LOGIN_THROTTLE, throttleMessage } from '@portal/contract';
import { AppError } from '../../lib/errors.ts';
import type { ThrottleRepository } from './throttle.repository.ts';

export type GuessLimits = { maxAttempts: number; windowMs: number; lockMs: number };
export type SprayingLimits = {
  distinctAccounts: number;
  windowMs: number;
  turnMs: number;
  maxWaitMs: number;
};

/** One in this many failures also deletes rows no window looks at any more. */
const CLEAN_UP_ONE_IN = 100;

/**
 * Bounds guessing (passwords, authenticator codes, reset requests, sign-ups). Each attempt is reserved in
 * the database BEFORE the secret is checked, in one statement per call, so no burst of concurrent requests
 * and no second instance gets more than the limit evaluated; a success gives the attempt back or forgets
 * the count. The answer is the same whether or not the account exists.
 */
export class ThrottleService {
  constructor(
    private readonly repo: ThrottleRepository,
    private readonly limits: GuessLimits = LOGIN_THROTTLE,
    private readonly spraying: SprayingLimits = ADDRESS_SPRAYING,
  ) {}

  static keys(kind: string, account: string | undefined, address: string | undefined): string[] {
    const keys: string[] = [];
    if (account) keys.push(ThrottleService.accountKey(kind, account));
    if (address) keys.push(`${kind}:address:${address}`);
    return keys;
  }

  static accountKey(kind: string, account: string): string {
    return `${kind}:account:${account.trim().toLowerCase()}`;
  }

  /**
   * Takes one attempt on every key, or on none: throws RATE_LIMITED (the spec's throttle message) when
   * any key has used its attempts or is paused. Returns each key's count including this attempt.
   */
  async reserve(keys: string[], now = new Date()): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const { maxAttempts, windowMs, lockMs } = this.limits;
    const granted = await this.repo.reserve(
      keys,
      now,
      new Date(now.getTime() - windowMs),
      maxAttempts,
      new Date(now.getTime() + lockMs),
    );
    if (granted.length < keys.length) {
      // All or nothing: give back what this refused attempt took on the other keys.
      if (granted.length) await this.release(granted.map((row) => row.key));
      throw new AppError('RATE_LIMITED', throttleMessage);
    }
    return new Map(granted.map((row) => [row.key, row.attempts]));
  }

  /** Gives a reserved attempt back: it turned out right, yet nothing to forget yet (a code must follow). */
  async release(keys: string[]): Promise<void> {
    if (keys.length) await this.repo.release(keys, this.limits.maxAttempts);
  }

  /** A success forgets the counts of these keys. */
  async forget(keys: string[]): Promise<void> {
    if (keys.length) await this.repo.clear(keys);
  }

  /** Whether `attempts` (a count from reserve) was the last one the window allows. */
  isLast(attempts: number | undefined): boolean {
    return (attempts ?? 0) >= this.limits.maxAttempts;
  }

  /**
   * Spraying: an address whose failures name many distinct accounts is slowed down, never refused. Waits
   * for the address's next turn when it is over the bound; returns at once otherwise.
   */
  async slowDownSpraying(address: string, now = new Date()): Promise<void> {
    const { distinctAccounts, windowMs, turnMs, maxWaitMs } = this.spraying;
    const since = new Date(now.getTime() - windowMs);
    const turn = await this.repo.takeTurn(address, now, since, distinctAccounts, turnMs, maxWaitMs);
    const wait = turn ? new Date(turn).getTime() - Date.now() : 0;
    if (wait > 0) await sleep(Math.min(wait, maxWaitMs));
  }

  /** Counts a failed guess on `account` against `address` for the spraying rule. */
  async failedFrom(address: string, account: string, now = new Date()): Promise<void> {
    await this.repo.recordAddressFailure(address, account.trim().toLowerCase(), now);
    if (Math.random() * CLEAN_UP_ONE_IN < 1) {
      const windows = Math.max(this.limits.windowMs, this.limits.lockMs, this.spraying.windowMs);
      await this.repo.deleteStale(new Date(now.getTime() - windows));
    }
  }
}
