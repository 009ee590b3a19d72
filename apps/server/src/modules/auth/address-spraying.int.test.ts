import { ADDRESS_SPRAYING, LOGIN_THROTTLE } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  randomTag,
  startPortal,
  type TestPortal,
} from '../../../test/harness.ts';
import { ThrottleRepository } from '../throttle/throttle.repository.ts';
import { ThrottleService } from '../throttle/throttle.service.ts';
import { addUser, burst, type HttpOptions, randomKey, sendJson } from './test-helpers.ts';

// Issue 12, point 2: strangers behind one address (TRUST_PROXY, X-Forwarded-For) who do not lock each other
// out, an address spraying many accounts slowed down; and the throttle forgetting what no window looks at.

const { maxAttempts } = LOGIN_THROTTLE;

describe(`guess limits of one address over many accounts (${backend} backend)`, () => {
  let portal: TestPortal;
  let tenantId: string;
  /** Each test guesses from client addresses of its own (X-Forwarded-For, believed from 127.0.0.1). */
  let addressNumber = 0;
  const freshAddress = () => `198.51.100.${++addressNumber}`;

  beforeAll(async () => {
    portal = await startPortal({ TRUST_PROXY: '127.0.0.1' });
    tenantId = (await createCustomerWithUser(portal, 'Guess')).tenant.id;
  });
  afterAll(async () => {
    await portal?.close();
  });

  const send = (path: string, body: unknown, options: HttpOptions = {}, baseUrl = portal.baseUrl) =>
    sendJson(baseUrl, path, body, options);
  const signInOverHttp = (email: string, password: string, address?: string, baseUrl?: string) =>
    send(`/api/login/twoFactorKey/${randomKey()}`, { email, password }, { address }, baseUrl);

  describe('one address, many accounts', () => {
    const { distinctAccounts, turnMs } = ADDRESS_SPRAYING;
    const failuresFrom = async (address: string) =>
      (
        await portal.database.db
          .selectFrom('auth_address_failures')
          .select('account')
          .where('address', '=', address)
          .execute()
      ).length;
    const turnsOf = (address: string) =>
      portal.database.db
        .selectFrom('auth_address_turns')
        .selectAll()
        .where('address', '=', address)
        .executeTakeFirst();
    const timed = async (requests: (() => Promise<Response>)[]) => {
      const start = Date.now();
      const statuses = await burst(requests);
      return { statuses, ms: Date.now() - start };
    };

    it('slows an address down from 20 distinct accounts failed, never refusing a right password', async () => {
      const address = freshAddress();
      const sprayed = Array.from(
        { length: distinctAccounts },
        (_, n) => `sprayed-${n}-${randomTag()}@test.local`,
      );
      for (const email of sprayed.slice(0, distinctAccounts - 1))
        expect((await signInOverHttp(email, 'Summer2024', address)).status).toBe(401);
      expect(await failuresFrom(address)).toBe(distinctAccounts - 1);

      // 19 distinct accounts: more guesses on them go at once (no turns taken).
      const again = await timed(
        sprayed.slice(0, 3).map((email) => () => signInOverHttp(email, 'Winter2024', address)),
      );
      expect(again.statuses).toEqual([401, 401, 401]);
      expect(await turnsOf(address)).toBeUndefined();

      // The 20th distinct account: from now on guesses from this address take turns, one per second.
      expect((await signInOverHttp(sprayed[distinctAccounts - 1]!, 'Summer2024', address)).status).toBe(401);
      const fresh = Array.from({ length: 4 }, (_, n) => `later-${n}-${randomTag()}@test.local`);
      const slowed = await timed(fresh.map((email) => () => signInOverHttp(email, 'Summer2024', address)));
      expect(slowed.statuses).toEqual([401, 401, 401, 401]);
      expect(slowed.ms).toBeGreaterThanOrEqual(3 * turnMs - 100);
      expect(await turnsOf(address)).toBeDefined();

      // Never a refusal: a person behind that address signs in, also after 4 typos of their own.
      const person = await addUser(portal, tenantId);
      expect((await signInOverHttp(person.email, person.password, address)).status).toBe(200);
      const typist = await addUser(portal, tenantId);
      for (let n = 1; n <= maxAttempts - 1; n++)
        expect((await signInOverHttp(typist.email, 'Wrong1', address)).status).toBe(401);
      expect((await signInOverHttp(typist.email, typist.password, address)).status).toBe(200);

      // Another address behind the same proxy is not slowed down.
      const neighbour = freshAddress();
      expect((await signInOverHttp(fresh[0]!, 'Summer2024', neighbour)).status).toBe(401);
      expect(await turnsOf(neighbour)).toBeUndefined();
    });

    it("lets a person behind a shared address (TRUST_PROXY, X-Forwarded-For) sign in after strangers' failures", async () => {
      const office = freshAddress();
      // Strangers behind the same proxy address fail on 6 accounts, 5 times each on one of them.
      for (let n = 1; n <= 6; n++)
        expect(
          (await signInOverHttp(`stranger-${n}-${randomTag()}@test.local`, 'Wrong1', office)).status,
        ).toBe(401);
      const unlucky = await addUser(portal, tenantId);
      for (let n = 1; n <= maxAttempts; n++)
        expect((await signInOverHttp(unlucky.email, 'Wrong1', office)).status).toBe(401);

      const person = await addUser(portal, tenantId);
      for (let n = 1; n <= maxAttempts - 1; n++)
        expect((await signInOverHttp(person.email, 'Wrong1', office)).status).toBe(401);
      expect((await signInOverHttp(person.email, person.password, office)).status).toBe(200);
      // Only the account that had 5 failures is paused.
      expect((await signInOverHttp(unlucky.email, unlucky.password, office)).status).toBe(429);
      // The failures were counted against the forwarded address, not the proxy's.
      expect(await failuresFrom(office)).toBe(8);
    });

    it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
      const forged = freshAddress();
      const response = await portal.app.inject({
        method: 'POST',
        url: `/api/login/twoFactorKey/${randomKey()}`,
        payload: { email: `forger-${randomTag()}@test.local`, password: 'Wrong1' },
        headers: { 'x-forwarded-for': forged },
        remoteAddress: '10.77.0.1',
      });
      expect(response.statusCode).toBe(401);
      expect(await failuresFrom(forged)).toBe(0);
      expect(await failuresFrom('10.77.0.1')).toBe(1);
    });
  });

  it('forgets counts, failures and turns no window looks at any more', async () => {
    const repo = new ThrottleRepository(portal.database.db);
    const hourAgo = new Date(Date.now() - 3600_000);
    const address = freshAddress();
    const key = `login:account:stale-${randomTag()}@test.local`;
    await new ThrottleService(repo).reserve([key], hourAgo);
    await repo.recordAddressFailure(address, 'stale@test.local', hourAgo);
    await repo.takeTurn(address, hourAgo, new Date(0), 1, 1000, 10_000);
    await repo.deleteStale(new Date(Date.now() - LOGIN_THROTTLE.windowMs));
    const { db } = portal.database;
    expect(await db.selectFrom('auth_throttle').selectAll().where('key', '=', key).execute()).toEqual([]);
    for (const table of ['auth_address_failures', 'auth_address_turns'] as const)
      expect(await db.selectFrom(table).selectAll().where('address', '=', address).execute()).toEqual([]);
  });
});
