import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CUSTOMERS_CSV_COLUMNS,
  type CustomersPage,
  customerMessages,
  type HierarchyNode,
  IMAGE_MAX_BYTES,
  live,
  type Scope,
  type ScopesLiveMessage,
  superAdminPreset,
  THEME_DEFAULTS,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  randomMac,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import { GIF_1X1, ICO_HEAD, multipartBody, PNG_1X1, pngOfSize, SVG } from '../files/test-images.ts';
import { isUniqueViolation, TenantsRepository } from './tenants.repository.ts';

type Customer = Awaited<ReturnType<typeof createCustomerWithUser>>;
const tag = () => randomBytes(3).toString('hex').toUpperCase();

describe(`customers (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let rootId: string;
  let alpha: Customer;
  let alphaAdmin: string;
  let alphaChild: Customer;
  let childAdmin: string;
  let beta: Customer;
  let betaAdmin: string;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    root = await signIn(portal);
    const rootTenant = await db()
      .selectFrom('tenants')
      .select('id')
      .where('kind', '=', 'root')
      .executeTakeFirst();
    rootId = rootTenant!.id;
    const admin = { permissions: superAdminPreset(false) };
    alpha = await createCustomerWithUser(portal, 'Alpha', admin);
    alphaAdmin = await signIn(portal, alpha.email, alpha.password);
    alphaChild = await createCustomerWithUser(portal, 'Kid', { ...admin, parentId: alpha.tenant.id });
    childAdmin = await signIn(portal, alphaChild.email, alphaChild.password);
    beta = await createCustomerWithUser(portal, 'Beta', admin);
    betaAdmin = await signIn(portal, beta.email, beta.password);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  });
  afterAll(async () => {
    await portal?.close();
  });

  const db = () => portal.database.db;
  const get = (cookie: string, url: string, query?: Record<string, string | number>) =>
    portal.app.inject({
      method: 'GET',
      url,
      headers: { cookie },
      query: query && Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
  const createScope = (cookie: string, payload: Record<string, unknown>) =>
    portal.app.inject({ method: 'POST', url: '/api/createScope', headers: { cookie }, payload });
  const updateScope = (cookie: string, payload: Record<string, unknown>) =>
    portal.app.inject({ method: 'PUT', url: '/api/updateScope', headers: { cookie }, payload });
  const upload = (cookie: string, parts: Parameters<typeof multipartBody>[0]) => {
    const { body, contentType } = multipartBody(parts);
    return portal.app.inject({
      method: 'POST',
      url: '/v1/auth-service/upload-images-files',
      headers: { cookie, 'content-type': contentType },
      payload: body,
    });
  };
  const tenantRow = (id: string) =>
    db().selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const storedFiles = async () => {
    try {
      return (await readdir(join(portal.config.DATA_DIR, 'files', 'public'))).sort();
    } catch {
      return [];
    }
  };
  /** A new customer under root, through the API; answers its id. */
  async function newCustomer(overrides: Record<string, unknown> = {}): Promise<string> {
    const response = await createScope(root, {
      name: `Cust ${tag()}`,
      customerId: `C-${tag()}`,
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }
  /** Gateways of a tenant, each with the given facts. */
  async function gateways(
    tenantId: string,
    facts: { connected?: boolean; firmware?: string; os?: string; osPatch?: string }[],
  ): Promise<void> {
    for (const fact of facts) {
      const mac = randomMac();
      await portal.services.gateways.provision(tenantId, mac, `GW ${mac}`);
      await db()
        .updateTable('gateways')
        .set({
          connected: fact.connected ?? false,
          firmware: fact.firmware ?? null,
          os_version: fact.os ?? null,
          state: JSON.stringify(fact.osPatch ? { osPatch: fact.osPatch } : {}),
        })
        .where('mac', '=', mac)
        .execute();
    }
  }
  async function liveScopes(cookie: string, scopeId: string): Promise<ScopesLiveMessage[]> {
    const token = await portal.app.inject({ method: 'POST', url: '/api/mqtt-token', headers: { cookie } });
    const { username, token: secret, clientId } = token.json();
    const client = await connectMqtt(`${portal.baseUrl.replace('http', 'ws')}/mqtt`, {
      clientId,
      username,
      password: secret,
    });
    clients.push(client);
    const messages: ScopesLiveMessage[] = [];
    client.on('message', (_topic, payload) => messages.push(JSON.parse(payload.toString())));
    await client.subscribeAsync(live.scopes(scopeId), { qos: 1 });
    return messages;
  }
  const ids = (node: HierarchyNode): string[] => [node.scope.id, ...node.children.flatMap(ids)];

  describe('hierarchy and scope', () => {
    it('gives root the whole tree from the root tenant, a customer only its own subtree', async () => {
      const all = await get(root, '/api/hirarchy');
      expect(all.statusCode, all.body).toBe(200);
      const tree: HierarchyNode = all.json();
      expect(tree.scope).toMatchObject({ id: rootId, kind: 'root', parent: null, ancestors: [] });
      expect(tree.children.map((c) => c.scope.kind)).toContain('free_tier');
      const alphaNode = tree.children.find((c) => c.scope.id === alpha.tenant.id)!;
      expect(alphaNode.children.map((c) => c.scope.id)).toEqual([alphaChild.tenant.id]);
      expect(ids(tree)).toContain(beta.tenant.id);
      // Children are sorted by name.
      const names = tree.children.map((c) => c.scope.name.toLowerCase());
      expect(names).toEqual([...names].sort());

      const own = await get(alphaAdmin, '/api/hirarchy');
      expect(own.statusCode).toBe(200);
      expect(ids(own.json())).toEqual([alpha.tenant.id, alphaChild.tenant.id]);
    });

    it('counts online/total gateways and takes the most common firmware, OS and patch per scope', async () => {
      const id = await newCustomer();
      await gateways(id, [
        { connected: true, firmware: '2024-05-01', os: '5.1', osPatch: 'p2' },
        { connected: true, firmware: '2024-05-01', os: '5.0', osPatch: 'p2' },
        { connected: false, firmware: '2023-01-01', os: '5.1' },
      ]);
      const sub = await newCustomerUnder(id);
      await gateways(sub, [{ connected: true, firmware: '2022-01-01' }]);

      const response = await get(root, '/api/hierarchy/scope', { scopeId: id });
      expect(response.statusCode, response.body).toBe(200);
      const node: HierarchyNode = response.json();
      expect(node.scope).toMatchObject({
        id,
        onlineDevicesCount: 2,
        totalDevicesCount: 3,
        firmwareVersion: '2024-05-01',
        osVersion: '5.1',
        osPatch: 'p2',
      });
      expect(node.children).toHaveLength(1);
      expect(node.children[0]!.scope).toMatchObject({
        id: sub,
        onlineDevicesCount: 1,
        totalDevicesCount: 1,
        firmwareVersion: '2022-01-01',
        osVersion: null,
        osPatch: null,
      });
      const single = await get(root, `/api/scope/${id}`);
      expect(single.json()).toMatchObject({ onlineDevicesCount: 2, totalDevicesCount: 3 });
      // A scope without gateways.
      expect((await get(root, `/api/scope/${beta.tenant.id}`)).json()).toMatchObject({
        onlineDevicesCount: 0,
        totalDevicesCount: 0,
        firmwareVersion: null,
      });
    });

    async function newCustomerUnder(parent: string): Promise<string> {
      return newCustomer({ parent });
    }

    it('lets a parent reach its child, never the other way round or sideways', async () => {
      expect(
        (await get(alphaAdmin, '/api/hierarchy/scope', { scopeId: alphaChild.tenant.id })).statusCode,
      ).toBe(200);
      expect((await get(alphaAdmin, `/api/scope/${alphaChild.tenant.id}`)).statusCode).toBe(200);
      expect((await get(childAdmin, `/api/scope/${alphaChild.tenant.id}`)).json()).toMatchObject({
        id: alphaChild.tenant.id,
        parent: alpha.tenant.id,
        ancestors: [rootId, alpha.tenant.id],
      });
      for (const [cookie, scopeId] of [
        [childAdmin, alpha.tenant.id],
        [alphaAdmin, beta.tenant.id],
        [betaAdmin, alphaChild.tenant.id],
        [alphaAdmin, rootId],
        [alphaAdmin, 'not-a-uuid'],
        [alphaAdmin, '00000000-0000-4000-8000-000000000000'],
      ] as const) {
        const tree = await get(cookie, '/api/hierarchy/scope', { scopeId });
        expect(tree.statusCode, `${scopeId} ${tree.body}`).toBe(404);
        expect(tree.body).not.toContain('Beta');
        expect((await get(cookie, `/api/scope/${scopeId}`)).statusCode).toBe(404);
      }
    });

    it('tells every signed-in user the root tenant id, and nobody signed out', async () => {
      const response = await get(childAdmin, '/api/getRootTenantId/');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ rootScopeId: rootId, rootTenantId: rootId });
      expect((await portal.app.inject({ method: 'GET', url: '/api/getRootTenantId/' })).statusCode).toBe(401);
      expect((await portal.app.inject({ method: 'GET', url: '/api/hirarchy' })).statusCode).toBe(401);
    });
  });

  describe('customers list and CSV', () => {
    const list = (query: Record<string, string | number>, cookie = root) =>
      get(cookie, '/api/customers', query);
    const csv = (query: Record<string, string | number>, cookie = root) =>
      get(cookie, '/api/customers/csv', query);
    let marker: string;
    let made: { id: string; name: string }[];

    beforeAll(async () => {
      marker = `Q${tag()}`;
      made = [];
      // Five customers sharing a marker in their name, one with it only in its gateways' firmware.
      for (const [i, online] of [3, 0, 1, 2, 0].entries()) {
        const name = `${marker} ${String.fromCharCode(69 - i)}${i}`;
        const id = await newCustomer({ name, customerId: `${marker}-${i}` });
        await gateways(
          id,
          Array.from({ length: 3 }, (_, n) => ({
            connected: n < online,
            firmware: `fw-${i}`,
            os: `os-${i}`,
          })),
        );
        made.push({ id, name });
      }
      const hidden = await newCustomer({ name: `Other ${tag()}`, customerId: `O-${tag()}` });
      await gateways(hidden, [{ firmware: `build.${marker.toLowerCase()}`, osPatch: 'patch-Z9' }]);
      made.push({ id: hidden, name: 'hidden' });
    });

    it('lists every tenant but the root one, with counts, paged and with the total', async () => {
      const response = await list({ pageSize: 100 });
      expect(response.statusCode, response.body).toBe(200);
      const page: CustomersPage = response.json();
      const tenants = await db().selectFrom('tenants').select(['id', 'kind']).execute();
      expect(page.total).toBe(tenants.length - 1);
      expect(page.customers.map((c) => c.id).sort()).toEqual(
        tenants
          .filter((t) => t.kind !== 'root')
          .map((t) => t.id)
          .sort(),
      );
      // Default sort: by name, ignoring case.
      const names = page.customers.map((c) => c.name.toLowerCase());
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      // Default page size 10.
      const first: CustomersPage = (await list({})).json();
      expect(first.customers).toHaveLength(10);
      expect(first.total).toBe(page.total);
    });

    it('searches name, customer id, firmware, OS and OS patch ignoring case', async () => {
      const byName: CustomersPage = (await list({ search: marker.toLowerCase(), pageSize: 100 })).json();
      // The five named with it and the one whose gateway firmware holds it.
      expect(byName.total).toBe(6);
      expect(byName.customers.map((c) => c.id).sort()).toEqual(made.map((m) => m.id).sort());
      const byCustomerId: CustomersPage = (await list({ search: `${marker}-3`.toLowerCase() })).json();
      expect(byCustomerId.customers.map((c) => c.id)).toEqual([made[3]!.id]);
      const byFirmware: CustomersPage = (await list({ search: 'FW-2' })).json();
      expect(byFirmware.customers.map((c) => c.id)).toEqual([made[2]!.id]);
      const byOs: CustomersPage = (await list({ search: 'Os-4' })).json();
      expect(byOs.customers.map((c) => c.id)).toEqual([made[4]!.id]);
      const byPatch: CustomersPage = (await list({ search: 'PATCH-z9' })).json();
      expect(byPatch.customers.map((c) => c.id)).toEqual([made[5]!.id]);
      // LIKE wildcards are plain characters.
      expect((await list({ search: '%' })).json().total).toBe(0);
      expect((await list({ search: '_' })).json().total).toBe(0);
    });

    it('sorts by online devices and by name both ways, and pages through the result', async () => {
      const byOnline: CustomersPage = (
        await list({ search: marker, sortBy: 'onlineDevicesCount', sortOrder: 'desc', pageSize: 100 })
      ).json();
      expect(byOnline.customers.map((c) => c.onlineDevicesCount)).toEqual([3, 2, 1, 0, 0, 0]);
      expect(byOnline.customers[0]).toMatchObject({ id: made[0]!.id, totalDevicesCount: 3 });

      const named = made.slice(0, 5).map((m) => m.name);
      const ascending: CustomersPage = (await list({ search: `${marker}-`, sortBy: 'name' })).json();
      expect(ascending.customers.map((c) => c.name)).toEqual([...named].sort());
      const descending: CustomersPage = (
        await list({ search: `${marker}-`, sortBy: 'name', sortOrder: 'desc' })
      ).json();
      expect(descending.customers.map((c) => c.name)).toEqual([...named].sort().reverse());

      const pages = [0, 1, 2].map((page) => list({ search: `${marker}-`, pageSize: 2, page }));
      const [p0, p1, p2] = (await Promise.all(pages)).map((r) => r.json() as CustomersPage);
      expect([p0!.total, p1!.total, p2!.total]).toEqual([5, 5, 5]);
      expect([...p0!.customers, ...p1!.customers, ...p2!.customers].map((c) => c.name)).toEqual(
        [...named].sort(),
      );
      const past: CustomersPage = (await list({ search: `${marker}-`, pageSize: 2, page: 7 })).json();
      expect(past).toEqual({ customers: [], total: 5 });

      const byFirmware: CustomersPage = (
        await list({ search: marker, sortBy: 'firmwareVersion', pageSize: 100 })
      ).json();
      expect(byFirmware.customers.map((c) => c.firmwareVersion)).toEqual(
        ['fw-0', 'fw-1', 'fw-2', 'fw-3', 'fw-4', `build.${marker.toLowerCase()}`].sort(),
      );
    });

    it('pages by name or customer id without a search consistently, each row with its gateway figures', async () => {
      for (const sortBy of ['name', 'customerId']) {
        for (const sortOrder of ['asc', 'desc']) {
          const whole: CustomersPage = (await list({ sortBy, sortOrder, pageSize: 100 })).json();
          const pages: CustomersPage[] = [];
          for (let page = 0; page * 7 < whole.total; page++)
            pages.push((await list({ sortBy, sortOrder, pageSize: 7, page })).json());
          expect(pages.flatMap((p) => p.customers)).toEqual(whole.customers);
          expect(new Set(pages.map((p) => p.total))).toEqual(new Set([whole.total]));
          expect(whole.customers.find((c) => c.id === made[0]!.id)).toMatchObject({
            onlineDevicesCount: 3,
            totalDevicesCount: 3,
            firmwareVersion: 'fw-0',
            osVersion: 'os-0',
          });
        }
      }
      const past: CustomersPage = (await list({ pageSize: 100, page: 50 })).json();
      expect(past.customers).toEqual([]);
      expect(past.total).toBe((await list({})).json().total);
    });

    it('takes page sizes 1 to 100 and refuses 0 and 101, and unknown sort fields', async () => {
      expect((await list({ pageSize: 1 })).json().customers).toHaveLength(1);
      expect((await list({ pageSize: 100 })).statusCode).toBe(200);
      expect((await list({ pageSize: 0 })).statusCode).toBe(400);
      expect((await list({ pageSize: 101 })).statusCode).toBe(400);
      expect((await list({ page: -1 })).statusCode).toBe(400);
      expect((await list({ sortBy: 'password' })).statusCode).toBe(400);
      expect((await list({ search: 'x'.repeat(101) })).statusCode).toBe(400);
      expect((await csv({ sortBy: 'password' })).statusCode).toBe(400);
    });

    it('needs TOP_LEVEL_SCOPE_READ, and even then stays within the caller’s reach', async () => {
      expect((await list({}, alphaAdmin)).statusCode).toBe(403);
      expect((await csv({}, alphaAdmin)).statusCode).toBe(403);
      const odd = await createCustomerWithUser(portal, 'Odd', {
        permissions: [...superAdminPreset(false), 'TOP_LEVEL_SCOPE_READ'],
      });
      const oddUser = await signIn(portal, odd.email, odd.password);
      const page: CustomersPage = (await list({ pageSize: 100 }, oddUser)).json();
      expect(page.customers.map((c) => c.id)).toEqual([odd.tenant.id]);
      expect((await csv({}, oddUser)).body.split('\r\n').filter(Boolean)).toHaveLength(2);
    });

    it('answers Customers.csv with exactly the rows of the list for the same search and sort', async () => {
      const queries: Record<string, string>[] = [
        { search: marker, sortBy: 'onlineDevicesCount', sortOrder: 'desc' },
        { search: '' },
        { search: 'fw-' },
      ];
      for (const query of queries) {
        const listed: CustomersPage = (await list({ ...query, pageSize: 100 })).json();
        expect(listed.total).toBeLessThanOrEqual(100);
        const response = await csv(query);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(response.headers['content-disposition']).toBe('attachment; filename="Customers.csv"');
        const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
        expect(lines.pop()).toBe('');
        expect(lines[0]).toBe(CUSTOMERS_CSV_COLUMNS.join(','));
        const expected = listed.customers.map((c) =>
          [c.name, c.customerId, c.firmwareVersion ?? '', c.osVersion ?? '', c.osPatch ?? ''].join(','),
        );
        expect(lines.slice(1)).toEqual(expected);
      }
    });

    it('neutralises formula cells and quotes cells per RFC 4180 in the CSV', async () => {
      const mark = `Z${tag()}`;
      const id = await newCustomer({ name: `=X("${mark}")`, customerId: `+${mark}` });
      await gateways(id, [{ firmware: '-1+1', os: '@SUM(A1)', osPatch: '\tcmd' }]);
      const id2 = await newCustomer({ name: `${mark}, "quoted"`, customerId: `-${mark}` });
      const body = (await csv({ search: mark })).body.replace(/^\uFEFF/, '');
      const rows = body.split('\r\n').slice(1, -1);
      expect(rows).toHaveLength(2);
      expect(rows).toContain(`"'=X(""${mark}"")",'+${mark},'-1+1,'@SUM(A1),'\tcmd`);
      expect(rows).toContain(`"${mark}, ""quoted""",'-${mark},,,`);
      // The list itself keeps the values as they are.
      const listed: CustomersPage = (await list({ search: mark })).json();
      expect(listed.customers.find((c) => c.id === id2)?.customerId).toBe(`-${mark}`);
    });
  });

  describe('create', () => {
    it('creates a customer, uploads its logo, creates its owner with the activation mail, and pushes scopeCreated', async () => {
      const rootLive = await liveScopes(root, rootId);
      const name = `New ${tag()}`;
      const customerId = `N-${tag()}`;
      const response = await createScope(root, { name, customerId, emailDomain: 'Example.COM ' });
      expect(response.statusCode, response.body).toBe(201);
      const { id } = response.json();
      const row = await tenantRow(id);
      expect(row).toMatchObject({
        name,
        customer_id: customerId,
        kind: 'customer',
        parent_id: rootId,
        ancestors: [rootId],
        email_domain: 'example.com',
        primary_theme_color: THEME_DEFAULTS.primary,
        secondary_theme_color: THEME_DEFAULTS.secondary,
        status: 'Active',
      });
      const created = await waitFor(async () =>
        rootLive.find((m) => m.type === 'scopeCreated' && m.scope.id === id),
      );
      expect(created).toMatchObject({ scope: { name, customerId } });

      const images = await upload(root, [
        { name: 'scopeId', value: id },
        { name: 'includedFiles', value: 'logoFile,favIconFile' },
        { name: 'logoFile', filename: 'logo.png', contentType: 'image/png', data: PNG_1X1 },
        { name: 'favIconFile', filename: 'favicon.ico', contentType: 'image/x-icon', data: ICO_HEAD },
      ]);
      expect(images.statusCode, images.body).toBe(200);
      const { logoUrl, favIconUrl } = images.json();
      expect(logoUrl).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
      expect(favIconUrl).toMatch(/^\/files\/[0-9a-f]{32}\.ico$/);

      const email = `owner-${tag().toLowerCase()}@example.com`;
      const owner = await portal.app.inject({
        method: 'POST',
        url: '/api/createPortalUser',
        headers: { cookie: root },
        payload: {
          email,
          firstName: 'Olga',
          lastName: 'Owner',
          scopeId: id,
          owner: true,
          permissions: superAdminPreset(false),
        },
      });
      expect(owner.statusCode, owner.body).toBe(201);
      expect(owner.json()).toMatchObject({ email, scopeId: id, owner: true });
      const mail = await db()
        .selectFrom('outbox')
        .selectAll()
        .where('recipient', '=', email)
        .executeTakeFirst();
      expect(mail?.body).toMatch(/reset-password\/\S+/);

      const scope: Scope = (await get(root, `/api/scope/${id}`)).json();
      expect(scope).toMatchObject({ id, name, customerId, logoUrl, favIconUrl, emailDomain: 'example.com' });
      expect(ids((await get(root, '/api/hirarchy')).json())).toContain(id);
      expect((await get(root, '/api/customers', { search: customerId })).json().customers).toHaveLength(1);
    });

    it('takes colours and a parent in reach; a customer admin creates below its own tenant', async () => {
      const id = await newCustomer({ primaryThemeColor: '#112233', secondaryThemeColor: '#AABBCC' });
      expect(await tenantRow(id)).toMatchObject({
        primary_theme_color: '#112233',
        secondary_theme_color: '#AABBCC',
      });

      const alphaLive = await liveScopes(alphaAdmin, alpha.tenant.id);
      const own = await createScope(alphaAdmin, { name: `Sub ${tag()}`, customerId: `S-${tag()}` });
      expect(own.statusCode, own.body).toBe(201);
      expect(await tenantRow(own.json().id)).toMatchObject({
        parent_id: alpha.tenant.id,
        ancestors: [rootId, alpha.tenant.id],
      });
      await waitFor(async () =>
        alphaLive.find((m) => m.type === 'scopeCreated' && m.scope.id === own.json().id),
      );
      const deeper = await createScope(alphaAdmin, {
        name: `Deep ${tag()}`,
        customerId: `D-${tag()}`,
        parent: alphaChild.tenant.id,
      });
      expect(deeper.statusCode, deeper.body).toBe(201);
      expect(await tenantRow(deeper.json().id)).toMatchObject({
        ancestors: [rootId, alpha.tenant.id, alphaChild.tenant.id],
      });
    });

    it('refuses a taken customer id, ignoring case', async () => {
      const customerId = `Dup-${tag()}`;
      await newCustomer({ customerId });
      const again = await createScope(root, { name: 'Another', customerId: customerId.toLowerCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(customerMessages.customerIdTaken);
      // Two at once: exactly one wins.
      const racing = `Race-${tag()}`;
      const results = await Promise.all(
        [1, 2, 3].map((n) => createScope(root, { name: `Racer ${n}`, customerId: racing })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    });

    it('applies the customer field rules at both bounds (spec 000 section 5)', async () => {
      const ok = async (name: string, customerId: string) => {
        const response = await createScope(root, { name, customerId });
        expect(response.statusCode, response.body).toBe(201);
        return tenantRow(response.json().id);
      };
      expect(await ok('L', 'a')).toMatchObject({ name: 'L', customer_id: 'a' });
      const long = await ok('L'.repeat(20), `${tag()}${tag()}${tag()}XX`);
      expect(long.name).toHaveLength(20);
      expect(long.customer_id).toHaveLength(20);
      const refused = async (body: Record<string, unknown>, message: string) => {
        const response = await createScope(root, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message).toBe(message);
      };
      await refused({ name: '', customerId: 'X1' }, customerMessages.labelRequired);
      await refused({ name: '   ', customerId: 'X1' }, customerMessages.labelRequired);
      expect((await createScope(root, { customerId: 'X1' })).statusCode).toBe(400);
      await refused({ name: 'L'.repeat(21), customerId: 'X1' }, customerMessages.tooLong);
      await refused({ name: 'Label', customerId: '' }, customerMessages.customerIdRequired);
      await refused({ name: 'Label', customerId: 'C'.repeat(21) }, customerMessages.tooLong);
      await refused(
        { name: 'Label', customerId: 'X1', primaryThemeColor: 'red' },
        customerMessages.invalidColor,
      );
      await refused(
        { name: 'Label', customerId: 'X1', secondaryThemeColor: '#12345' },
        customerMessages.invalidColor,
      );
    });

    it('needs SCOPE_WRITE', async () => {
      const reader = await createCustomerWithUser(portal, 'Reader');
      const cookie = await signIn(portal, reader.email, reader.password);
      expect((await createScope(cookie, { name: 'Nope', customerId: `NO-${tag()}` })).statusCode).toBe(403);
    });
  });

  describe('update', () => {
    const updateOf = (row: { id: string; name: string; customer_id: string }, changes = {}) => ({
      id: row.id,
      name: row.name,
      customerId: row.customer_id,
      ...changes,
    });

    it('changes colours, e-mail domain and customer id, pushing scopeUpdated to the scope and its ancestors', async () => {
      const kid = await tenantRow(alphaChild.tenant.id);
      const rootLive = await liveScopes(root, rootId);
      const alphaLive = await liveScopes(alphaAdmin, alpha.tenant.id);
      const ownLive = await liveScopes(childAdmin, kid.id);
      const customerId = `K-${tag()}`;
      const response = await updateScope(
        alphaAdmin,
        updateOf(kid, {
          customerId,
          emailDomain: 'kid.example',
          primaryThemeColor: '#010203',
          secondaryThemeColor: '#a0b0c0',
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const scope: Scope = response.json();
      expect(scope).toMatchObject({
        id: kid.id,
        name: kid.name,
        customerId,
        emailDomain: 'kid.example',
        primaryThemeColor: '#010203',
        secondaryThemeColor: '#a0b0c0',
      });
      for (const messages of [rootLive, alphaLive, ownLive]) {
        await waitFor(async () =>
          messages.find((m) => m.type === 'scopeUpdated' && m.scope.customerId === customerId),
        );
      }
      // Omitted fields stay as they are.
      const again = await updateScope(childAdmin, updateOf(await tenantRow(kid.id)));
      expect(again.json()).toMatchObject({ emailDomain: 'kid.example', primaryThemeColor: '#010203' });
    });

    it('keeps the label read-only and the customer id unique', async () => {
      const betaRow = await tenantRow(beta.tenant.id);
      const renamed = await updateScope(betaAdmin, updateOf(betaRow, { name: 'Renamed' }));
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json().message).toBe(customerMessages.labelReadOnly);
      const taken = await updateScope(
        betaAdmin,
        updateOf(betaRow, { customerId: (await tenantRow(alpha.tenant.id)).customer_id.toLowerCase() }),
      );
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(customerMessages.customerIdTaken);
      expect(await tenantRow(beta.tenant.id)).toEqual(betaRow);
      // Its own id in another case is not "taken".
      const recased = await updateScope(
        betaAdmin,
        updateOf(betaRow, { customerId: betaRow.customer_id.toLowerCase() }),
      );
      expect(recased.statusCode, recased.body).toBe(200);
      await updateScope(betaAdmin, updateOf(betaRow));
    });

    it('gives a contested customer id to exactly one of two updates at once', async () => {
      const rows = await Promise.all(
        [newCustomer(), newCustomer(), newCustomer()].map(async (id) => tenantRow(await id)),
      );
      const wanted = `W-${tag()}`;
      const results = await Promise.all(
        rows.map((row) => updateScope(root, updateOf(row, { customerId: wanted }))),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      for (const refused of results.filter((r) => r.statusCode === 409))
        expect(refused.json().message).toBe(customerMessages.customerIdTaken);
      const holders = await db()
        .selectFrom('tenants')
        .select('id')
        .where('customer_id', '=', wanted)
        .execute();
      expect(holders).toHaveLength(1);
    });

    it('has the database refuse a taken customer id, whatever the case, as a unique violation', async () => {
      const [first, second] = await Promise.all([newCustomer(), newCustomer()]);
      const taken = (await tenantRow(first!)).customer_id;
      const repo = new TenantsRepository(db());
      const error = await repo.update(second!, { customer_id: taken.toLowerCase() }).catch((e: unknown) => e);
      expect(isUniqueViolation(error)).toBe(true);
    });

    it('applies the field rules at both bounds', async () => {
      const id = await newCustomer({ name: 'B'.repeat(20) });
      const row = await tenantRow(id);
      expect((await updateScope(root, updateOf(row, { customerId: 'U'.repeat(20) }))).statusCode).toBe(200);
      expect((await updateScope(root, updateOf(row, { customerId: 'u' }))).statusCode).toBe(200);
      const tooLong = await updateScope(root, updateOf(row, { customerId: 'U'.repeat(21) }));
      expect(tooLong.json().message).toBe(customerMessages.tooLong);
      const empty = await updateScope(root, updateOf(row, { customerId: '' }));
      expect(empty.json().message).toBe(customerMessages.customerIdRequired);
      const noLabel = await updateScope(root, updateOf(row, { name: '' }));
      expect(noLabel.json().message).toBe(customerMessages.labelRequired);
      const badColour = await updateScope(root, updateOf(row, { primaryThemeColor: '#GGGGGG' }));
      expect(badColour.json().message).toBe(customerMessages.invalidColor);
    });

    it('refuses a customer being deleted', async () => {
      const id = await newCustomer();
      await db().updateTable('tenants').set({ status: 'DELETE_PENDING' }).where('id', '=', id).execute();
      const response = await updateScope(
        root,
        updateOf(await tenantRow(id), { primaryThemeColor: '#000000' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(customerMessages.beingDeleted);
    });

    it('needs SCOPE_UPDATE', async () => {
      const reader = await createCustomerWithUser(portal, 'Viewer');
      const cookie = await signIn(portal, reader.email, reader.password);
      const response = await updateScope(cookie, updateOf(reader.tenant, { primaryThemeColor: '#000000' }));
      expect(response.statusCode).toBe(403);
    });
  });

  describe('logo and favicon', () => {
    it('stores a PNG, serves it back byte-identical as image/png with a long cache, and removes the file it replaces', async () => {
      const id = await newCustomer();
      const ownLive = await liveScopes(root, id);
      const first = await upload(root, [
        { name: 'logoFile', filename: 'a.png', contentType: 'image/png', data: PNG_1X1 },
        { name: 'scopeId', value: id },
      ]);
      expect(first.statusCode, first.body).toBe(200);
      const firstUrl: string = first.json().logoUrl;
      expect(first.json().favIconUrl).toBeNull();
      const served = await portal.app.inject({ method: 'GET', url: firstUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
      await waitFor(async () =>
        ownLive.find((m) => m.type === 'scopeUpdated' && m.scope.logoUrl === firstUrl),
      );

      // A GIF under a .png name is stored as what it is.
      const second = await upload(root, [
        { name: 'scopeId', value: id },
        { name: 'logoFile', filename: 'b.png', contentType: 'image/png', data: GIF_1X1 },
      ]);
      const secondUrl: string = second.json().logoUrl;
      expect(secondUrl).toMatch(/\.gif$/);
      expect((await portal.app.inject({ method: 'GET', url: secondUrl })).headers['content-type']).toBe(
        'image/gif',
      );
      expect((await portal.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
      expect(await storedFiles()).toContain(secondUrl.slice('/files/'.length));
      expect(await storedFiles()).not.toContain(firstUrl.slice('/files/'.length));
      expect((await tenantRow(id)).logo_url).toBe(secondUrl);
    });

    it('refuses what is not a raster image by its content, whatever its name and declared type', async () => {
      const id = await newCustomer();
      const before = await storedFiles();
      for (const data of [Buffer.from('not an image at all, just text'), SVG, Buffer.alloc(0)]) {
        const response = await upload(root, [
          { name: 'scopeId', value: id },
          { name: 'logoFile', filename: 'logo.png', contentType: 'image/png', data },
        ]);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(customerMessages.imageType);
      }
      // One good and one bad: nothing is kept.
      const mixed = await upload(root, [
        { name: 'scopeId', value: id },
        { name: 'logoFile', filename: 'logo.png', data: PNG_1X1 },
        { name: 'favIconFile', filename: 'favicon.svg', contentType: 'image/svg+xml', data: SVG },
      ]);
      expect(mixed.statusCode).toBe(400);
      expect(await storedFiles()).toEqual(before);
      expect(await tenantRow(id)).toMatchObject({ logo_url: null, fav_icon_url: null });
    });

    it('accepts exactly 1 MiB and refuses 1 MiB + 1 byte', async () => {
      const id = await newCustomer();
      const exact = await upload(root, [
        { name: 'scopeId', value: id },
        { name: 'logoFile', filename: 'big.png', data: pngOfSize(IMAGE_MAX_BYTES) },
        { name: 'favIconFile', filename: 'big.png', data: pngOfSize(IMAGE_MAX_BYTES) },
      ]);
      expect(exact.statusCode, exact.body).toBe(200);
      const served = await portal.app.inject({ method: 'GET', url: exact.json().logoUrl });
      expect(served.rawPayload.length).toBe(IMAGE_MAX_BYTES);

      const before = await storedFiles();
      const over = await upload(root, [
        { name: 'scopeId', value: id },
        { name: 'logoFile', filename: 'big.png', data: pngOfSize(IMAGE_MAX_BYTES + 1) },
      ]);
      expect(over.statusCode).toBe(413);
      expect(over.json().message).toBe(customerMessages.imageTooLarge);
      expect(await storedFiles()).toEqual(before);
      expect((await tenantRow(id)).logo_url).toBe(exact.json().logoUrl);
    });

    it('needs a scope id and SCOPE_UPDATE, and refuses unknown file parts', async () => {
      const noScope = await upload(root, [{ name: 'logoFile', data: PNG_1X1 }]);
      expect(noScope.statusCode).toBe(400);
      const stranger = await upload(root, [
        { name: 'scopeId', value: beta.tenant.id },
        { name: 'script', data: PNG_1X1 },
      ]);
      expect(stranger.statusCode).toBe(400);
      const reader = await createCustomerWithUser(portal, 'Looker');
      const cookie = await signIn(portal, reader.email, reader.password);
      const refused = await upload(cookie, [
        { name: 'scopeId', value: reader.tenant.id },
        { name: 'logoFile', data: PNG_1X1 },
      ]);
      expect(refused.statusCode).toBe(403);
      expect((await tenantRow(reader.tenant.id)).logo_url).toBeNull();
    });

    it('serves only names of ours', async () => {
      for (const url of [
        '/files/nope.png',
        '/files/..%2F..%2Fetc%2Fpasswd',
        `/files/${'a'.repeat(32)}.svg`,
      ]) {
        expect((await portal.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    });
  });

  describe('tenant walls', () => {
    it("answers 404 to every call naming another tenant's scope, and changes nothing", async () => {
      const betaBefore = await tenantRow(beta.tenant.id);
      const tenantsBefore = await db().selectFrom('tenants').select('id').execute();
      const filesBefore = await storedFiles();

      expect((await get(alphaAdmin, '/api/hierarchy/scope', { scopeId: beta.tenant.id })).statusCode).toBe(
        404,
      );
      expect((await get(alphaAdmin, `/api/scope/${beta.tenant.id}`)).statusCode).toBe(404);
      const create = await createScope(alphaAdmin, {
        name: 'Intruder',
        customerId: `I-${tag()}`,
        parent: beta.tenant.id,
      });
      expect(create.statusCode).toBe(404);
      const createUnderRoot = await createScope(alphaAdmin, {
        name: 'Intruder',
        customerId: `I-${tag()}`,
        parent: rootId,
      });
      expect(createUnderRoot.statusCode).toBe(404);
      const update = await updateScope(alphaAdmin, {
        id: beta.tenant.id,
        name: betaBefore.name,
        customerId: `I-${tag()}`,
        primaryThemeColor: '#000000',
      });
      expect(update.statusCode).toBe(404);
      const images = await upload(alphaAdmin, [
        { name: 'scopeId', value: beta.tenant.id },
        { name: 'logoFile', filename: 'logo.png', data: PNG_1X1 },
      ]);
      expect(images.statusCode).toBe(404);
      // A child cannot change its parent.
      const upwards = await updateScope(childAdmin, {
        id: alpha.tenant.id,
        name: alpha.tenant.name,
        customerId: `I-${tag()}`,
      });
      expect(upwards.statusCode).toBe(404);

      expect(await tenantRow(beta.tenant.id)).toEqual(betaBefore);
      expect(await db().selectFrom('tenants').select('id').execute()).toHaveLength(tenantsBefore.length);
      expect(await storedFiles()).toEqual(filesBefore);
    });

    it('lets a parent change its child and upload the child’s logo', async () => {
      const kid = await tenantRow(alphaChild.tenant.id);
      const response = await updateScope(alphaAdmin, {
        id: kid.id,
        name: kid.name,
        customerId: kid.customer_id,
        primaryThemeColor: '#0a0b0c',
      });
      expect(response.statusCode, response.body).toBe(200);
      const images = await upload(alphaAdmin, [
        { name: 'scopeId', value: kid.id },
        { name: 'favIconFile', filename: 'fav.ico', data: ICO_HEAD },
      ]);
      expect(images.statusCode, images.body).toBe(200);
      expect((await tenantRow(kid.id)).fav_icon_url).toBe(images.json().favIconUrl);
    });
  });
});
