import type { GatewayPage } from '@portal/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  sharedPortal,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';
import { GatewayListRepository } from './gateway-list.repository.ts';
import { WRITER_PERMISSIONS } from './test-helpers.ts';

/**
 * The gateways list sorted by CO2 (migrations/0032, gateway-list.repository.ts `macsByCo2`): read in two
 * parts, it must give exactly the order of one sort over the subtree: CO2 either way, gateways without a
 * reading last (no sample at all, or samples without CO2), ties by name (case ignored) then MAC.
 */
describe(`gateways list sorted by CO2 (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>> & { cookie: string };
  const macOf: Record<string, string> = {};

  // name, MAC, CO2 of its newest sample (null: a sample without CO2; undefined: no sample at all).
  const FLEET: [string, string, number | null | undefined][] = [
    ['Kilo', 'A00000000001', 800],
    ['golf', 'A00000000002', 800],
    ['Hotel', 'A00000000003', 800],
    ['Same', 'A00000000005', 450],
    ['same', 'A00000000004', 450],
    ['India', 'A00000000006', 1200],
    ['Juliet', 'A00000000007', null],
    ['alpha', 'A00000000008', undefined],
    ['Lima', 'A00000000009', undefined],
    ['Bravo', 'A0000000000A', null],
  ];

  beforeAll(async () => {
    portal = await sharedPortal();
    const created = await createCustomerWithUser(portal, 'Alpha', { permissions: WRITER_PERMISSIONS });
    alpha = { ...created, cookie: await signIn(portal, created.email, created.password) };
    const other = await createCustomerWithUser(portal, 'Other', { permissions: WRITER_PERMISSIONS });
    const suffix = Math.random().toString(16).slice(2, 6).toUpperCase();
    const fleet: [string, string, number | null | undefined, string][] = [
      ...FLEET.map(
        ([name, mac, co2]) =>
          [name, mac, co2, alpha.tenant.id] as [string, string, number | null | undefined, string],
      ),
      // Another customer's gateway with the lowest reading: never in Alpha's list.
      ['Other One', 'A0000000000B', 100, other.tenant.id],
    ];
    for (const [name, base, co2, tenantId] of fleet) {
      // MACs unique per run (the real backend's database is shared), their order kept: the last 4 digits.
      const mac = `${base.slice(0, 4)}${suffix}${base.slice(8)}`;
      macOf[name] = mac;
      await portal.services.gateways.provision(tenantId, mac, name, { registered: true });
      if (co2 === undefined) continue;
      await portal.services.telemetry.recordSamples(
        { mac, tenantId },
        // An older sample with CO2 does not count: the newest one decides.
        [
          { TI: 1_800_000_000_000, CO2: 5 },
          co2 === null ? { TI: 1_800_000_001_000, TEMP: 21 } : { TI: 1_800_000_001_000, CO2: co2 },
        ],
      );
    }
  });

  const names = async (query: Record<string, string | number>) => {
    const response = await injectAs(portal, alpha.cookie, 'GET', '/api/gateway/get-gateways-page', {
      query: Object.fromEntries(
        Object.entries({ scopeId: alpha.tenant.id, sort: 'co2', ...query }).map(([k, v]) => [k, String(v)]),
      ),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as GatewayPage).gateways.map((g) => g.name);
  };

  const ASCENDING = ['same', 'Same', 'golf', 'Hotel', 'Kilo', 'India', 'alpha', 'Bravo', 'Juliet', 'Lima'];
  const DESCENDING = ['India', 'golf', 'Hotel', 'Kilo', 'same', 'Same', 'alpha', 'Bravo', 'Juliet', 'Lima'];

  it('orders by CO2 either way, ties by name then MAC, gateways without a reading last by name', async () => {
    // 'same' and 'Same' tie on CO2 and on the name (case ignored): the lower MAC first.
    expect(macOf.same! < macOf.Same!).toBe(true);
    expect(await names({})).toEqual(ASCENDING);
    expect(await names({ order: 'desc' })).toEqual(DESCENDING);
  });

  it('gives every window of that order, across the readings, the rest, and past the end', async () => {
    for (const [order, expected] of [
      ['asc', ASCENDING],
      ['desc', DESCENDING],
    ] as const) {
      for (const limit of [1, 3, 4]) {
        for (let offset = 0; offset <= expected.length; offset++) {
          expect(await names({ order, offset, limit }), `${order} ${offset}+${limit}`).toEqual(
            expected.slice(offset, offset + limit),
          );
        }
      }
    }
    // With a search ('m': Same, same and Lima; no MAC, status word or firmware has an m): a window counts only
    // the matching gateways, in both parts.
    expect(await names({ search: 'm' })).toEqual(['same', 'Same', 'Lima']);
    expect(await names({ search: 'm', offset: 1, limit: 2 })).toEqual(['Same', 'Lima']);
    expect(await names({ search: 'm', offset: 2, limit: 2 })).toEqual(['Lima']);
    expect(await names({ search: 'm', offset: 3, limit: 2 })).toEqual([]);
  });

  it('is the order one sort over the joined subtree gives, with no limit too (delete mode)', async () => {
    const db = portal.database.db;
    const repo = new GatewayListRepository(db);
    for (const dir of ['asc', 'desc'] as const) {
      const reference = await sql<{ mac: string }>`
        SELECT g.mac FROM gateways g LEFT JOIN telemetry_latest latest ON latest.mac = g.mac
        WHERE g.tenant_id = ${alpha.tenant.id}::uuid
        ORDER BY latest.co2 IS NULL, latest.co2 ${sql.raw(dir)}, lower(g.name), g.mac`.execute(db);
      expect(await repo.macs({ tenantIds: [alpha.tenant.id] }, { sort: 'co2', order: dir })).toEqual(
        reference.rows.map((row) => row.mac),
      );
    }
  });
});
