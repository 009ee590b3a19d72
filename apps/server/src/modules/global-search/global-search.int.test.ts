import type { globalSearchPage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  backend,
  createCustomerWithUser,
  randomMac,
  signIn,
  startPortal,
  type TestPortal,
} from '../../../test/harness.ts';
import { GatewaysRepository } from '../gateways/gateways.repository.ts';
import { createUsersModule } from '../users/index.ts';
import { globalSearchTooShort } from './global-search.service.ts';

type Page = z.infer<typeof globalSearchPage>;

describe(`GET /api/global-search (${backend} backend)`, () => {
  let portal: TestPortal;
  let rootCookie: string;
  let zephyr: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let quokka: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let marlin: Awaited<ReturnType<typeof createCustomerWithUser>>;
  const mac = {
    boiler: randomMac(),
    attic: randomMac(),
    cellar: randomMac(),
    harbour: randomMac(),
  };

  async function gateway(
    tenantId: string,
    macId: string,
    name: string,
    facts: { os?: string; fw?: string; online?: boolean; state?: Record<string, unknown> } = {},
  ) {
    await portal.services.gateways.provision(tenantId, macId, name);
    const repo = new GatewaysRepository(portal.database.db);
    await repo.mergeState(macId, facts.state ?? {}, {
      ...(facts.os ? { os_version: facts.os } : {}),
      ...(facts.fw ? { firmware: facts.fw } : {}),
      connected: facts.online ?? false,
    });
  }

  beforeAll(async () => {
    portal = await startPortal();
    rootCookie = await signIn(portal);
    zephyr = await createCustomerWithUser(portal, 'Zephyr');
    quokka = await createCustomerWithUser(portal, 'Quokka', { parentId: zephyr.tenant.id });
    marlin = await createCustomerWithUser(portal, 'Marlin');
    await createUsersModule({ db: portal.database.db }).users.insertUser({
      tenant_id: quokka.tenant.id,
      email: 'keeper.ollie@example.org',
      first_name: 'Ollie',
      last_name: 'Keeperson',
      phone_number: '+4915112345678',
      password_hash: null,
      permissions: [],
    });
    await gateway(zephyr.tenant.id, mac.boiler, 'Boiler Room North', {
      os: 'Bookworm 12.5',
      fw: 'v20240301',
      online: true,
      state: { SN: 'SNQX7781', TYPE: 'RaspiGateway', APPV: 'app-5.1.9' },
    });
    await gateway(zephyr.tenant.id, mac.attic, 'Attic', { os: 'Bullseye 11.9', fw: 'v20231115' });
    await gateway(quokka.tenant.id, mac.cellar, 'Cellar', { fw: 'v20220707', online: true });
    await gateway(marlin.tenant.id, mac.harbour, 'Harbour Gate', { os: 'Buster 10.13', fw: 'v20210101' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  const search = async (cookie: string, query: Record<string, string | number>) => {
    const params = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    );
    return portal.app.inject({ method: 'GET', url: `/api/global-search?${params}`, headers: { cookie } });
  };
  const macsFound = async (cookie: string, term: string) => {
    const response = await search(cookie, { search: term, pageSize: 100 });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Page).rows.map((r) => r.macId).sort();
  };

  it('matches every kind of field', async () => {
    const zephyrs = [mac.boiler, mac.attic].sort();
    const cases: [string, string[]][] = [
      // customer name (the Zephyr one; Quokka's name does not hold it)
      [zephyr.tenant.name.split(' ')[0]!, zephyrs],
      // a user's e-mail, full name and mobile number: that customer's gateways
      ['keeper.ollie@example', [mac.cellar]],
      ['Ollie Keeperson', [mac.cellar]],
      ['15112345', [mac.cellar]],
      // gateway name, OS, firmware (app) version
      ['Harbour', [mac.harbour]],
      ['bookworm', [mac.boiler]],
      ['v2023', [mac.attic]],
      // MAC: a part, and the whole written with separators
      [mac.harbour.slice(2, 9), [mac.harbour]],
      [mac.attic.match(/../g)!.join(':').toLowerCase(), [mac.attic]],
      // serial number, type and app version from the reported state
      ['snqx77', [mac.boiler]],
      ['raspigate', [mac.boiler]],
      ['app-5.1', [mac.boiler]],
      // connection status
      ['online', [mac.boiler, mac.cellar].sort()],
      ['offline', [mac.attic, mac.harbour].sort()],
      // nothing
      ['no such thing', []],
    ];
    for (const [term, expected] of cases) {
      expect([term, await macsFound(rootCookie, term)]).toEqual([term, expected]);
    }
  });

  it('answers the row shape of the Gateways tab', async () => {
    const response = await search(rootCookie, { search: 'boiler' });
    expect(response.json()).toEqual({
      rows: [
        {
          scopeId: zephyr.tenant.id,
          customerName: zephyr.tenant.name,
          macId: mac.boiler,
          name: 'Boiler Room North',
          osVersion: 'Bookworm 12.5',
          fwVersion: 'v20240301',
          status: 'Online',
        },
      ],
      total: 1,
    });
  });

  it('ignores spaces and case, in the term and in the data', async () => {
    expect(await macsFound(rootCookie, 'bOiLeR  rOoMnorth')).toEqual([mac.boiler]);
    expect(await macsFound(rootCookie, 'boilerroom')).toEqual([mac.boiler]);
    expect(await macsFound(rootCookie, 'HARBOUR GATE')).toEqual([mac.harbour]);
    expect(await macsFound(rootCookie, 'book worm12.5')).toEqual([mac.boiler]);
  });

  it('needs 3 characters: 2 are refused, 3 accepted', async () => {
    for (const term of ['at', '  at  ', 'a t', '']) {
      const response = await search(rootCookie, { search: term });
      expect([JSON.stringify(term), response.statusCode]).toEqual([JSON.stringify(term), 400]);
    }
    expect((await search(rootCookie, { search: 'a t' })).json().message).toBe(globalSearchTooShort);
    expect(await macsFound(rootCookie, 'att')).toEqual([mac.attic]);
    expect(await macsFound(rootCookie, 'a tt')).toEqual([mac.attic]);
    expect((await search(rootCookie, { search: 'x'.repeat(101) })).statusCode).toBe(400);
  });

  it("shows a customer's user its own and its sub-customers' gateways only", async () => {
    const zephyrCookie = await signIn(portal, zephyr.email, zephyr.password);
    const quokkaCookie = await signIn(portal, quokka.email, quokka.password);
    const marlinCookie = await signIn(portal, marlin.email, marlin.password);
    expect(await macsFound(zephyrCookie, 'line')).toEqual([mac.boiler, mac.attic, mac.cellar].sort());
    expect(await macsFound(quokkaCookie, 'line')).toEqual([mac.cellar]);
    expect(await macsFound(marlinCookie, 'line')).toEqual([mac.harbour]);
    // Not even through a field of another customer: its name, its users, its gateways.
    expect(await macsFound(marlinCookie, 'boiler')).toEqual([]);
    expect(await macsFound(marlinCookie, zephyr.tenant.name)).toEqual([]);
    expect(await macsFound(quokkaCookie, 'bookworm')).toEqual([]);
    expect(await macsFound(marlinCookie, 'keeper.ollie')).toEqual([]);
    expect(await macsFound(rootCookie, 'line')).toHaveLength(4);
    expect(
      (await portal.app.inject({ method: 'GET', url: '/api/global-search?search=boiler' })).statusCode,
    ).toBe(401);
  });

  it('pages and sorts on the server', async () => {
    const names = (page: Page) => page.rows.map((r) => r.name);
    const page = async (query: Record<string, string | number>) =>
      (await search(rootCookie, { search: 'line', ...query })).json() as Page;

    const byName = ['Attic', 'Boiler Room North', 'Cellar', 'Harbour Gate'];
    expect(await page({ pageSize: 3 })).toMatchObject({ total: 4 });
    expect(names(await page({ pageSize: 3 }))).toEqual(byName.slice(0, 3));
    expect(names(await page({ pageSize: 3, page: 1 }))).toEqual(byName.slice(3));
    expect(names(await page({ pageSize: 3, page: 2 }))).toEqual([]);
    expect(names(await page({ sortOrder: 'desc' }))).toEqual([...byName].reverse());
    // Customers Marlin, Quokka, Zephyr; within one customer, by gateway name.
    expect(names(await page({ sortBy: 'customerName' }))).toEqual([
      'Harbour Gate',
      'Cellar',
      'Attic',
      'Boiler Room North',
    ]);
    // OS and firmware: a gateway that reported none comes last either way.
    expect(names(await page({ sortBy: 'osVersion' }))).toEqual([
      'Boiler Room North',
      'Attic',
      'Harbour Gate',
      'Cellar',
    ]);
    expect(names(await page({ sortBy: 'osVersion', sortOrder: 'desc' }))).toEqual([
      'Harbour Gate',
      'Attic',
      'Boiler Room North',
      'Cellar',
    ]);
    expect(names(await page({ sortBy: 'fwVersion' }))).toEqual([
      'Harbour Gate',
      'Cellar',
      'Attic',
      'Boiler Room North',
    ]);
    expect((await page({ sortBy: 'status' })).rows.map((r) => r.status)).toEqual([
      'Offline',
      'Offline',
      'Online',
      'Online',
    ]);
    expect(names(await page({ sortBy: 'status', sortOrder: 'desc' }))).toEqual([
      'Boiler Room North',
      'Cellar',
      'Attic',
      'Harbour Gate',
    ]);
    expect((await search(rootCookie, { search: 'line', sortBy: 'mac' })).statusCode).toBe(400);
  });
});
