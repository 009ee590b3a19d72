import {
  type CustomerQuotas,
  type CustomerQuotaUse,
  QUOTA_KINDS,
  QUOTA_MAX,
  quotaMessages,
  superAdminPreset,
  UNLIMITED_QUOTAS,
} from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  randomMac,
  signIn,
  signUpFreeTierUser,
  type TestPortal,
} from '../../../test/harness.ts';
import { type Customer, sharedCustomersPortal, tag } from './test-helpers.ts';

describe(`customer quotas (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let rootId: string;
  let alpha: Customer;
  let alphaAdmin: string;
  let beta: Customer;

  beforeAll(async () => {
    ({ portal, root, rootId, alpha, alphaAdmin, beta } = await sharedCustomersPortal());
  });

  const admin = { permissions: [...superAdminPreset(false), 'API_KEY_WRITE'] };
  const setQuotas = (cookie: string, id: string, quotas: Partial<CustomerQuotas>) =>
    injectAs(portal, cookie, 'PUT', `/api/customers/${id}/quotas`, {
      payload: { ...UNLIMITED_QUOTAS, ...quotas },
    });
  const quotasOf = async (...ids: string[]) => {
    const response = await injectAs(portal, root, 'GET', '/api/customers/quotas', {
      query: { ids: ids.join(',') },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CustomerQuotaUse[];
  };
  const limited = async (quotas: Partial<CustomerQuotas>, label = 'Quota') => {
    const customer = await createCustomerWithUser(portal, label, admin);
    const set = await setQuotas(root, customer.tenant.id, quotas);
    expect(set.statusCode, set.body).toBe(200);
    return { ...customer, cookie: await signIn(portal, customer.email, customer.password) };
  };
  const register = (cookie: string, scopeId: string, mac = randomMac()) =>
    injectAs(portal, cookie, 'PUT', '/api/gateway/register-gateway', {
      payload: { MAC: mac, NAME: 'Quota gateway', SID: scopeId, CRTD: Date.UTC(2023, 4, 1) },
    });
  const newLockUser = (cookie: string, scopeId: string) =>
    injectAs(portal, cookie, 'POST', '/api/create-new-iot-lock-user', {
      payload: {
        firstName: 'Quota',
        lastName: 'Lovelace',
        email: `quota-${tag().toLowerCase()}@example.com`,
        scopeId,
      },
    });

  describe('setting them', () => {
    it('takes every quota from 1 to its maximum, and empty (null) for unlimited', async () => {
      const low = Object.fromEntries(QUOTA_KINDS.map((kind) => [kind, 1]));
      const high = Object.fromEntries(QUOTA_KINDS.map((kind) => [kind, QUOTA_MAX[kind]]));
      const low1 = await setQuotas(root, alpha.tenant.id, low);
      expect(low1.statusCode, low1.body).toBe(200);
      expect((low1.json() as CustomerQuotaUse).quotas).toEqual(low);
      const high1 = await setQuotas(root, alpha.tenant.id, high);
      expect(high1.statusCode, high1.body).toBe(200);
      expect((await quotasOf(alpha.tenant.id))[0]!.quotas).toEqual(high);
      expect((await setQuotas(root, alpha.tenant.id, {})).statusCode).toBe(200);
      expect((await quotasOf(alpha.tenant.id))[0]!.quotas).toEqual(UNLIMITED_QUOTAS);
    });

    it('refuses 0, one more than the maximum and a fraction, with the rule in words', async () => {
      for (const kind of QUOTA_KINDS) {
        for (const value of [0, QUOTA_MAX[kind] + 1, 1.5]) {
          const response = await setQuotas(root, alpha.tenant.id, { [kind]: value });
          expect(response.statusCode, `${kind} ${value}`).toBe(400);
          expect(response.json().message).toBe(quotaMessages.outOfRange(QUOTA_MAX[kind]));
        }
      }
      expect((await quotasOf(alpha.tenant.id))[0]!.quotas).toEqual(UNLIMITED_QUOTAS);
    });

    it("lets only root set them: a customer's admin gets 403 on its own, 404 on another's", async () => {
      expect((await setQuotas(alphaAdmin, alpha.tenant.id, { gateways: 1000 })).statusCode).toBe(403);
      expect((await setQuotas(alphaAdmin, beta.tenant.id, { gateways: 1000 })).statusCode).toBe(404);
      const list = await injectAs(portal, alphaAdmin, 'GET', '/api/customers/quotas', {
        query: { ids: alpha.tenant.id },
      });
      expect(list.statusCode).toBe(403);
      expect((await setQuotas(root, crypto.randomUUID(), { gateways: 1 })).statusCode).toBe(404);
      const onRoot = await setQuotas(root, rootId, { gateways: 1 });
      expect(onRoot.statusCode).toBe(400);
      expect(onRoot.json().message).toBe(quotaMessages.rootHasNone);
      expect((await quotasOf(alpha.tenant.id, beta.tenant.id)).map((q) => q.quotas)).toEqual([
        UNLIMITED_QUOTAS,
        UNLIMITED_QUOTAS,
      ]);
    });
  });

  describe('reading them', () => {
    it("shows a customer's users its quotas and use, and a sub-customer's; any other customer's id is 404", async () => {
      const own = await limited({ gateways: 3, apiCallsPerMinute: 1000 }, 'Reader');
      await register(own.cookie, own.tenant.id);
      const sub = await createCustomerWithUser(portal, 'Reader sub', { ...admin, parentId: own.tenant.id });
      const read = (cookie: string, id: string) =>
        injectAs(portal, cookie, 'GET', `/api/customers/${id}/quotas`);

      const mine = await read(own.cookie, own.tenant.id);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json()).toEqual({
        tenantId: own.tenant.id,
        quotas: { ...UNLIMITED_QUOTAS, gateways: 3, apiCallsPerMinute: 1000 },
        use: { gateways: 1, lockUsers: 0, apiCallsPerMinute: expect.any(Number) },
      });
      const below = await read(own.cookie, sub.tenant.id);
      expect(below.statusCode, below.body).toBe(200);
      expect(below.json()).toMatchObject({ tenantId: sub.tenant.id, quotas: UNLIMITED_QUOTAS });
      // Root reads the same (this minute's API calls move on with the customer's own reads).
      expect((await read(root, own.tenant.id)).json()).toEqual({
        ...mine.json(),
        use: { ...mine.json().use, apiCallsPerMinute: expect.any(Number) },
      });

      // Walls: the sub-customer's user cannot read the customer above it, nor anyone another customer.
      const subCookie = await signIn(portal, sub.email, sub.password);
      expect((await read(subCookie, own.tenant.id)).statusCode).toBe(404);
      expect((await read(own.cookie, beta.tenant.id)).statusCode).toBe(404);
      expect((await read(alphaAdmin, own.tenant.id)).statusCode).toBe(404);
      expect((await read(own.cookie, crypto.randomUUID())).statusCode).toBe(404);
      const free = await signUpFreeTierUser(portal, 'quota-reader');
      expect((await read(free.cookie, own.tenant.id)).statusCode).toBe(404);
    });
  });

  describe('gateways', () => {
    it("counts the customer's sub-customers, refuses one over with the quota in words, and not another customer", async () => {
      const parent = await limited({ gateways: 2 });
      const child = await createCustomerWithUser(portal, 'QuotaKid', { parentId: parent.tenant.id });
      const other = await createCustomerWithUser(portal, 'Unlimited');
      expect((await register(parent.cookie, parent.tenant.id)).statusCode).toBe(200);
      // At the bound: the second, in the sub-customer.
      expect((await register(parent.cookie, child.tenant.id)).statusCode).toBe(200);
      for (const scope of [parent.tenant.id, child.tenant.id]) {
        const over = await register(parent.cookie, scope);
        expect(over.statusCode).toBe(409);
        expect(over.json().message).toBe(quotaMessages.gatewaysReached(2));
      }
      await expect(
        portal.services.gateways.provision(parent.tenant.id, randomMac(), 'Provisioned'),
      ).rejects.toThrow(quotaMessages.gatewaysReached(2));
      // Another customer is not limited.
      for (let n = 0; n < 3; n++)
        await portal.services.gateways.provision(other.tenant.id, randomMac(), `Other ${n}`);
      const [use] = await quotasOf(parent.tenant.id);
      expect(use!.use.gateways).toBe(2);
      expect(use!.quotas.gateways).toBe(2);
    });

    it('re-provisions a gateway it has at the quota, and refuses a move into the full customer', async () => {
      const full = await limited({ gateways: 1 });
      const other = await createCustomerWithUser(portal, 'Mover');
      const mac = randomMac();
      await portal.services.gateways.provision(full.tenant.id, mac, 'Only');
      await portal.services.gateways.provision(full.tenant.id, mac, 'Only'); // a new credential: same gateway
      const outsider = await portal.services.gateways.provision(other.tenant.id, randomMac(), 'Outsider');
      const gateway = await portal.database.db
        .selectFrom('gateways')
        .select('id')
        .where('mac', '=', outsider.mac)
        .executeTakeFirstOrThrow();
      const move = await injectAs(portal, root, 'POST', '/api/migrateGateway', {
        payload: { deviceId: gateway.id, scopeId: full.tenant.id },
      });
      expect(move.statusCode, move.body).toBe(409);
      expect(move.json().message).toBe(quotaMessages.gatewaysReached(1));
    });

    it('lets exactly the free places go to requests made at once (one statement decides)', async () => {
      const busy = await limited({ gateways: 3 });
      await portal.services.gateways.provision(busy.tenant.id, randomMac(), 'First');
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => register(busy.cookie, busy.tenant.id)),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 200, 409, 409, 409, 409, 409, 409]);
      expect((await quotasOf(busy.tenant.id))[0]!.use.gateways).toBe(3);
    });
  });

  describe('lock users', () => {
    it('refuses the one over the quota, with the quota in words; another customer is not limited', async () => {
      const small = await limited({ lockUsers: 2 });
      const other = await limited({}, 'NoQuota');
      for (let n = 0; n < 2; n++) {
        const response = await newLockUser(small.cookie, small.tenant.id);
        expect(response.statusCode, response.body).toBe(201);
      }
      const over = await newLockUser(small.cookie, small.tenant.id);
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe(quotaMessages.lockUsersReached(2));
      for (let n = 0; n < 3; n++)
        expect((await newLockUser(other.cookie, other.tenant.id)).statusCode).toBe(201);
      expect((await quotasOf(small.tenant.id))[0]!.use.lockUsers).toBe(2);
    });

    it('refuses a bulk import that would pass the quota, whole, and takes one that reaches it', async () => {
      const small = await limited({ lockUsers: 3 });
      const rows = (n: number) =>
        Array.from({ length: n }, () => ({
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: `bulk-${tag().toLowerCase()}@example.com`,
          mobileNo: '',
          scopeId: small.tenant.id,
        }));
      const post = (payload: unknown[]) =>
        portal.app.inject({
          method: 'POST',
          url: '/api/create-bulk-iot-lock-users?isCardUsers=false',
          headers: { cookie: small.cookie },
          payload: payload as never,
        });
      const over = await post(rows(4));
      expect(over.statusCode, over.body).toBe(409);
      expect(over.json().message).toBe(quotaMessages.lockUsersReached(3));
      expect((await quotasOf(small.tenant.id))[0]!.use.lockUsers).toBe(0);
      const atBound = await post(rows(3));
      expect(atBound.statusCode, atBound.body).toBe(200);
      expect((await quotasOf(small.tenant.id))[0]!.use.lockUsers).toBe(3);
    });

    it('lets exactly the free places go to requests made at once', async () => {
      const busy = await limited({ lockUsers: 3 });
      const answers = await Promise.all(
        Array.from({ length: 7 }, () => newLockUser(busy.cookie, busy.tenant.id)),
      );
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(4);
    });
  });

  describe('API calls per minute', () => {
    /** Starts a test early enough in a minute that its calls all fall in one (the counter's window). */
    const withinOneMinute = async () => {
      const second = new Date().getUTCSeconds();
      if (second > 45) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    };

    it("answers 429 with Retry-After past the quota, to the customer's users, keys and sub-customers only", async () => {
      // The key is made first: the call making it would count.
      const metered = await limited({}, 'Metered');
      const child = await createCustomerWithUser(portal, 'MeteredKid', {
        ...admin,
        parentId: metered.tenant.id,
      });
      const childCookie = await signIn(portal, child.email, child.password);
      const other = await limited({}, 'Free');
      const created = await injectAs(portal, metered.cookie, 'POST', '/api/api-keys', {
        payload: {
          name: 'Quota',
          permissions: ['HIERARCHY_READ'],
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const secret = created.json().secret as string;
      expect((await setQuotas(root, metered.tenant.id, { apiCallsPerMinute: 6 })).statusCode).toBe(200);
      await withinOneMinute();
      const scope = (cookie: string, id = metered.tenant.id) =>
        injectAs(portal, cookie, 'GET', `/api/scope/${id}`);
      const withKey = () =>
        portal.app.inject({
          method: 'GET',
          url: `/api/scope/${metered.tenant.id}`,
          headers: { authorization: `Bearer ${secret}` },
        });
      // At the bound: 6 calls of the user, its key and the sub-customer's user.
      const passed = [
        await scope(metered.cookie),
        await scope(metered.cookie),
        await withKey(),
        await withKey(),
        await scope(childCookie, child.tenant.id),
        await scope(childCookie, child.tenant.id),
      ];
      expect(passed.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      for (const over of [
        await scope(metered.cookie),
        await withKey(),
        await scope(childCookie, child.tenant.id),
      ]) {
        expect(over.statusCode).toBe(429);
        const wait = Number(over.headers['retry-after']);
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(60);
        expect(over.json().message).toBe(quotaMessages.apiCallsReached(6, wait));
      }
      // Another customer, and root, are not limited.
      expect((await injectAs(portal, other.cookie, 'GET', `/api/scope/${other.tenant.id}`)).statusCode).toBe(
        200,
      );
      expect((await scope(root)).statusCode).toBe(200);
      expect((await quotasOf(metered.tenant.id))[0]!.use.apiCallsPerMinute).toBeGreaterThanOrEqual(9);
      // Unlimited again: the next call passes.
      expect((await setQuotas(root, metered.tenant.id, {})).statusCode).toBe(200);
      expect((await scope(metered.cookie)).statusCode).toBe(200);
    });

    it('counts calls made at once exactly (one statement per call)', async () => {
      const metered = await limited({ apiCallsPerMinute: 10 });
      await withinOneMinute();
      const answers = await Promise.all(
        Array.from({ length: 16 }, () =>
          injectAs(portal, metered.cookie, 'GET', `/api/scope/${metered.tenant.id}`),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(6);
    });
  });
});
