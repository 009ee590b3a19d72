import { describe, expect, it } from 'vitest';
import type { Principal } from '../../lib/principal.ts';
import { SessionCache } from './session-cache.ts';

const FRESH_MS = 30_000;
const NOW = Date.parse('2026-11-28T12:00:00Z');

const principal = (userId: string, tenantId: string): Principal => ({
  userId,
  tenantId,
  isRoot: false,
  permissions: new Set(['DEVICES_READ']),
  sessionIdHash: `hash-of-${userId}`,
  freeTierMember: false,
});

/** A cache that hears announcements, holding session `s1` of user `u1` in tenant `t1`, read at NOW. */
function listeningCacheWithOne() {
  const cache = new SessionCache(FRESH_MS);
  cache.listeningStarted();
  cache.keep(
    's1',
    { principal: principal('u1', 't1'), lastSeenAt: NOW, expiresAt: NOW + 3600_000 },
    cache.readStarts(),
  );
  return cache;
}

describe('the session cache', () => {
  it('serves a kept session until its idle clock is due for writing, then asks the database', () => {
    const cache = listeningCacheWithOne();
    expect(cache.get('s1', NOW + FRESH_MS)?.userId).toBe('u1');
    expect(cache.get('s1', NOW + FRESH_MS + 1)).toBeNull();
    expect(cache.size).toBe(0);
    expect(cache.lookups).toEqual({ cached: 1, database: 1 });
  });

  it('never serves a session past its absolute end', () => {
    const cache = new SessionCache(FRESH_MS);
    cache.listeningStarted();
    cache.keep(
      's1',
      { principal: principal('u1', 't1'), lastSeenAt: NOW, expiresAt: NOW + 10 },
      cache.readStarts(),
    );
    expect(cache.get('s1', NOW + 9)).not.toBeNull();
    expect(cache.get('s1', NOW + 10)).toBeNull();
  });

  it('keeps and serves nothing before it hears announcements, nor after it stops hearing them', () => {
    const cache = new SessionCache(FRESH_MS);
    cache.keep(
      's1',
      { principal: principal('u1', 't1'), lastSeenAt: NOW, expiresAt: NOW + 3600_000 },
      cache.readStarts(),
    );
    expect(cache.size).toBe(0);
    expect(cache.get('s1', NOW)).toBeNull();

    const listening = listeningCacheWithOne();
    listening.listeningLapsed();
    expect(listening.get('s1', NOW)).toBeNull();
    // Back: what was kept before may have missed an announcement, so it is gone.
    listening.listeningStarted();
    expect(listening.get('s1', NOW)).toBeNull();
  });

  it('forgets what an announcement names: the session, every session of a user, of a tenant, or all', () => {
    const cache = listeningCacheWithOne();
    const keep = (id: string, userId: string, tenantId: string) =>
      cache.keep(
        id,
        { principal: principal(userId, tenantId), lastSeenAt: NOW, expiresAt: NOW + 3600_000 },
        cache.readStarts(),
      );
    keep('s2', 'u1', 't1');
    keep('s3', 'u2', 't1');
    keep('s4', 'u3', 't2');
    keep('s5', 'u4', 't3');

    cache.changed('sessions:s2');
    expect(cache.get('s2', NOW)).toBeNull();
    expect(cache.get('s1', NOW)).not.toBeNull();

    cache.changed('users:u1');
    expect(cache.get('s1', NOW)).toBeNull();
    expect(cache.get('s3', NOW)).not.toBeNull();

    cache.changed('tenants:t1');
    expect(cache.get('s3', NOW)).toBeNull();
    expect(cache.get('s4', NOW)).not.toBeNull();

    cache.changed('*');
    expect(cache.size).toBe(0);
  });

  it('does not keep a read that an announcement overtook (the read may hold what the change undid)', () => {
    const cache = new SessionCache(FRESH_MS);
    cache.listeningStarted();
    const readStartedAt = cache.readStarts();
    cache.changed('users:someone-else');
    cache.keep(
      's1',
      { principal: principal('u1', 't1'), lastSeenAt: NOW, expiresAt: NOW + 3600_000 },
      readStartedAt,
    );
    expect(cache.get('s1', NOW)).toBeNull();

    const lapsedMeanwhile = new SessionCache(FRESH_MS);
    lapsedMeanwhile.listeningStarted();
    const before = lapsedMeanwhile.readStarts();
    lapsedMeanwhile.listeningLapsed();
    lapsedMeanwhile.listeningStarted();
    lapsedMeanwhile.keep(
      's1',
      { principal: principal('u1', 't1'), lastSeenAt: NOW, expiresAt: NOW + 3600_000 },
      before,
    );
    expect(lapsedMeanwhile.get('s1', NOW)).toBeNull();
  });

  it('holds at most its size, dropping the oldest kept', () => {
    const cache = new SessionCache(FRESH_MS, 2);
    cache.listeningStarted();
    for (const id of ['a', 'b', 'c']) {
      cache.keep(
        id,
        { principal: principal(id, 't'), lastSeenAt: NOW, expiresAt: NOW + 3600_000 },
        cache.readStarts(),
      );
    }
    expect(cache.size).toBe(2);
    expect(cache.get('a', NOW)).toBeNull();
    expect(cache.get('c', NOW)?.userId).toBe('c');
  });

  it('hands out a principal no request can change for the next', () => {
    const cache = listeningCacheWithOne();
    const served = cache.get('s1', NOW) as Principal & { userId: string };
    expect(() => {
      served.userId = 'someone else';
    }).toThrow(TypeError);
  });
});
