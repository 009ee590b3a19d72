import type { Principal } from '../../lib/principal.ts';

/** The database channel every change of a session, user or tenant row is announced on (migration 0033). */
export const PRINCIPAL_CHANGES_CHANNEL = 'portal_principals';

interface Entry {
  principal: Principal;
  /** The session's idle clock as stored, epoch ms: past `freshForMs` the database is asked again. */
  lastSeenAt: number;
  /** The session's absolute end, epoch ms. */
  expiresAt: number;
}

/**
 * The principals of the sessions this instance served lately, so a call does not read its session again on
 * every request (issue 20.6). Safe only because every change of what a principal is made of is announced by
 * the database itself (triggers on sessions, users and tenants, migration 0033) to every instance:
 *
 * - An announcement forgets the entries it touches, and makes any read that started before it not cached
 *   (the generation), so a read racing with a change never stores what the change undid.
 * - While this instance is not sure to hear announcements (before the first LISTEN took, or after its
 *   connection was lost until it is back), nothing is served from or kept in the cache.
 * - An entry is served at most `freshForMs` after its session's idle clock was last written; then the
 *   database is asked again (and writes the clock), so idle expiry is decided by the database as before.
 *
 * Only live sessions are kept: an unknown or ended session always asks the database.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  private generation = 0;
  /** Lookups answered from the cache and from the database, since start (`/metrics`). */
  readonly lookups = { cached: 0, database: 0 };
  /** Times listening lapsed since start. */
  lapses = 0;

  constructor(
    private readonly freshForMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The principal of session `idHash` when it can be trusted without the database; null otherwise. */
  get(idHash: string, now: number): Principal | null {
    const entry = this.listening ? this.entries.get(idHash) : undefined;
    if (entry && (now >= entry.expiresAt || now - entry.lastSeenAt > this.freshForMs)) {
      this.entries.delete(idHash);
    } else if (entry) {
      this.lookups.cached++;
      return entry.principal;
    }
    this.lookups.database++;
    return null;
  }

  /** Taken before reading a session from the database; `keep` stores the read only if nothing changed since. */
  readStarts(): number {
    return this.generation;
  }

  keep(idHash: string, entry: Entry, readStartedAt: number): void {
    if (!this.listening || readStartedAt !== this.generation) return;
    this.entries.delete(idHash);
    this.entries.set(idHash, { ...entry, principal: Object.freeze(entry.principal) });
    if (this.entries.size > this.maxEntries) {
      // The oldest stored goes first.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** Forgets one session now (its end was decided on this instance). */
  forget(idHash: string): void {
    this.generation++;
    this.entries.delete(idHash);
  }

  /** Forgets every session of a user now (their end was decided on this instance). */
  forgetUser(userId: string): void {
    this.changed(`users:${userId}`);
  }

  /** An announcement: `sessions:<id hash>`, `users:<id>`, `tenants:<id>`, or `*` for everything. */
  changed(payload: string): void {
    this.generation++;
    const at = payload.indexOf(':');
    const table = payload.slice(0, at);
    const key = payload.slice(at + 1);
    if (table === 'sessions') {
      this.entries.delete(key);
      return;
    }
    if (table !== 'users' && table !== 'tenants') {
      this.entries.clear();
      return;
    }
    for (const [idHash, { principal }] of this.entries) {
      if ((table === 'users' ? principal.userId : principal.tenantId) === key) this.entries.delete(idHash);
    }
  }

  /** Listening took (again): announcements are heard from now on; anything kept before may have missed one. */
  listeningStarted(): void {
    this.generation++;
    this.entries.clear();
    this.listening = true;
  }

  /** Announcements may be missed from now on: serve nothing until listening again. */
  listeningLapsed(): void {
    if (this.listening) this.lapses++;
    this.listening = false;
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  get isListening(): boolean {
    return this.listening;
  }
}
