import { CUSTOMERS_CSV_COLUMNS, type CustomersPage, firmwareLabel, superAdminPreset } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, createCustomerWithUser, signIn, type TestPortal } from '../../../test/harness.ts';
import { customerCalls, startCustomersPortal, tag } from './test-helpers.ts';

describe(`customers (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let alphaAdmin: string;

  beforeAll(async () => {
    ({ portal, root, alphaAdmin } = await startCustomersPortal());
  });
  afterAll(async () => {
    await portal?.close();
  });

  const { db, get, newCustomer, gateways } = customerCalls(() => ({ portal, root }));

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

    it('counts per customer the gateways of its subtree whose versions differ from their assigned ones', async () => {
      const m = `V${tag()}`;
      const admin = { permissions: [...superAdminPreset(false), 'TOP_LEVEL_SCOPE_READ'] };
      const parent = await createCustomerWithUser(portal, `${m} Parent`, admin);
      const parentAdmin = await signIn(portal, parent.email, parent.password);
      const child = await createCustomerWithUser(portal, `${m} Child`, {
        ...admin,
        parentId: parent.tenant.id,
      });
      const other = await createCustomerWithUser(portal, `${m} Other`, admin);
      /** The customer's latest applied version of a kind, as an apply leaves it. */
      const assign = async (tenantId: string, kind: string, version: string) => {
        const file = await db()
          .insertInto('firmware_files')
          .values({
            kind,
            type: kind,
            name: version,
            file_name: `${version}.bin`,
            version,
            version_order: 1,
            size: 1,
            sha256: '0',
            storage_key: `test/${tag()}`,
          })
          .onConflict((oc) => oc.columns(['kind', 'version']).doUpdateSet({ name: version }))
          .returning('id')
          .executeTakeFirstOrThrow();
        await db()
          .insertInto('firmware_assignments')
          .values({ tenant_id: tenantId, kind, file_id: file.id })
          .execute();
      };
      await assign(parent.tenant.id, 'firmware', '20250304');
      await assign(parent.tenant.id, 'osPatch', '5.10');
      // Runs the assigned versions (written as a gateway reports them); an older firmware; no firmware
      // reported; an OS other than the assigned one.
      await gateways(parent.tenant.id, [
        { firmware: 'v2025-03-04', os: ' 5.10 ' },
        { firmware: '20250101', os: '5.10' },
        { os: '5.10' },
        { firmware: '20250304', os: '5.9' },
      ]);
      // The child has nothing assigned: its gateways differ from nothing, whatever its parent was given.
      await gateways(child.tenant.id, [{ firmware: '19990101', os: '1.0' }]);
      // Another customer's gateways, all differing: never counted for these two.
      await assign(other.tenant.id, 'firmware', '20250304');
      await gateways(other.tenant.id, [{ firmware: '20240101' }, { firmware: '20240101' }]);

      const counts = (page: CustomersPage) =>
        Object.fromEntries(page.customers.map((c) => [c.id, c.versionMismatchCount]));
      const expected = { [parent.tenant.id]: 3, [child.tenant.id]: 0, [other.tenant.id]: 2 };
      // Both paths of the list: a search (figures first) and a page by name (tenants first).
      const searched: CustomersPage = (await list({ search: m, pageSize: 100 })).json();
      expect(counts(searched)).toEqual(expected);
      const paged: CustomersPage = (await list({ pageSize: 100 })).json();
      expect(counts(paged)).toMatchObject(expected);
      // The child's own assignment counts for it and for its parent (the parent's figures are its subtree's).
      await assign(child.tenant.id, 'firmware', '20260101');
      const after: CustomersPage = (await list({ search: m, pageSize: 100 })).json();
      expect(counts(after)).toEqual({ ...expected, [parent.tenant.id]: 4, [child.tenant.id]: 1 });
      // A customer admin sees its subtree only, with the same counts.
      const own: CustomersPage = (await list({ pageSize: 100 }, parentAdmin)).json();
      expect(counts(own)).toEqual({ [parent.tenant.id]: 4, [child.tenant.id]: 1 });
    });

    it('compares the customer app with the one each gateway last reported in an update', async () => {
      const appName = `App ${tag()}`;
      const app = await newCustomer({ name: appName });
      const file = await db()
        .insertInto('firmware_files')
        .values({
          kind: 'customerFw',
          type: 'customerFw',
          name: '03.2',
          file_name: 'Customer_firmware_V03.2.zip',
          version: '03.2',
          version_order: 1,
          size: 1,
          sha256: '0',
          storage_key: `test/${tag()}`,
        })
        .onConflict((oc) => oc.columns(['kind', 'version']).doUpdateSet({ name: '03.2' }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('firmware_assignments')
        .values({ tenant_id: app, kind: 'customerFw', file_id: file.id })
        .execute();
      await gateways(app, [{}, {}, {}]);
      const macs = (
        await db().selectFrom('gateways').select('mac').where('tenant_id', '=', app).orderBy('mac').execute()
      ).map((g) => g.mac);
      const rollout = async (version: string, reports: [string, string, Date][]) => {
        const { id } = await db()
          .insertInto('firmware_rollouts')
          .values({ tenant_id: app, kind: 'customerFw', file_id: file.id, version, settings: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db()
          .insertInto('firmware_rollout_targets')
          .values(
            reports.map(([mac, reported, at]) => ({
              rollout_id: id,
              gateway_mac: mac,
              wave: 0,
              state: 'verified',
              uid: `u${tag()}${mac}`,
              reported_version: reported,
              booted_at: at,
            })),
          )
          .execute();
      };
      const hourAgo = new Date(Date.now() - 3_600_000);
      // The first ran 03.1, then reported v03.2 (the latest report wins); the second last reported 03.1; the
      // third never reported a customer app.
      await rollout('03.1', [
        [macs[0]!, '03.1', hourAgo],
        [macs[1]!, '03.1', hourAgo],
      ]);
      await rollout('03.2', [[macs[0]!, 'v03.2', new Date()]]);
      const page: CustomersPage = (await list({ search: appName })).json();
      expect(page.customers.find((c) => c.id === app)?.versionMismatchCount).toBe(2);
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
          [
            c.name,
            c.customerId,
            firmwareLabel(c.firmwareVersion) ?? '',
            c.osVersion ?? '',
            c.osPatch ?? '',
          ].join(','),
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
});
