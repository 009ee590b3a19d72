import { LOGIN_THROTTLE, throttleMessage } from '@portal/contract';
import { AppError } from '../../lib/errors.ts';
import type { ThrottleRepository } from './throttle.repository.ts';

/**
 * Bounds guessing (passwords, authenticator codes, reset requests): failures are counted per key
 * (an account, an address) in the database, so every instance and a restart see the same counts.
 * Reaching the limit within the window pauses that key; the answer is the same whether or not the
 * account exists.
 */
export class ThrottleService {
  constructor(
    private readonly repo: ThrottleRepository,
    private readonly limits: { maxFailures: number; windowMs: number; lockMs: number } = LOGIN_THROTTLE,
  ) {}

  static keys(kind: string, account: string | undefined, address: string | undefined): string[] {
    const keys: string[] = [];
    if (account) keys.push(`${kind}:account:${account.trim().toLowerCase()}`);
    if (address) keys.push(`${kind}:address:${address}`);
    return keys;
  }

  /** Throws RATE_LIMITED while any of the keys is paused. */
  async check(keys: string[], now = new Date()): Promise<void> {
    if (keys.length === 0) return;
    const locked = await this.repo.lockedUntil(keys, now);
    if (locked.length > 0) throw new AppError('RATE_LIMITED', throttleMessage);
  }

  async fail(keys: string[], now = new Date()): Promise<void> {
    if (keys.length === 0) return;
    const { maxFailures, windowMs, lockMs } = this.limits;
    await this.repo.recordFailures(
      keys,
      now,
      new Date(now.getTime() - windowMs),
      maxFailures,
      new Date(now.getTime() + lockMs),
    );
  }

  /** A success forgets the account's failures (the address keeps its count). */
  async succeed(keys: string[]): Promise<void> {
    const accountKeys = keys.filter((key) => key.includes(':account:'));
    if (accountKeys.length) await this.repo.clear(accountKeys);
  }
}
