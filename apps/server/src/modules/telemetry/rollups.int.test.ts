import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  randomMac,
  sharedPortal,
  type TestPortal,
} from '../../../test/harness.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What a stored sample folds into: per bucket and metric min, max, sum and count, and each gateway's newest. */
describe(`rollups and newest sample as samples are stored (${backend} backend)`, () => {
  let portal: TestPortal;
  let tenantId: string;
  // A whole hour an hour ago, so every bucket below is complete and in a partition the portal made.
  const hour = Math.floor(Date.now() / HOUR) * HOUR - HOUR;

  beforeAll(async () => {
    portal = await sharedPortal();
    tenantId = (await createCustomerWithUser(portal, 'Rollups')).tenant.id;
  });

  const gateway = async () => {
    const mac = randomMac();
    await portal.services.gateways.provision(tenantId, mac, `Gateway ${mac}`);
    return mac;
  };
  const record = (mac: string, samples: { TI: number; CO2?: number; TEMP?: number }[]) =>
    portal.services.telemetry.recordSamples({ mac, tenantId }, samples);
  const bucketsOf = async (table: 'telemetry_1m' | 'telemetry_1h', mac: string) => {
    const { rows } = await sql<Record<string, unknown>>`
      select bucket, co2_min, co2_max, co2_sum, co2_n, temp_min, temp_max, temp_sum, temp_n
      from ${sql.table(table)} where mac = ${mac} order by bucket`.execute(portal.database.db);
    return rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? null : Number(v)])),
    );
  };

  it('keeps min, max, sum and count per metric and bucket, across batches, counting only values present', async () => {
    const mac = await gateway();
    await record(mac, [
      { TI: hour + MINUTE, CO2: 400, TEMP: 20 },
      { TI: hour + MINUTE + 5_000, CO2: 2500 },
    ]);
    // A later batch into the same minute, and one into the next.
    await record(mac, [
      { TI: hour + 2 * MINUTE - 1, CO2: 500, TEMP: 22 },
      { TI: hour + 2 * MINUTE, CO2: 450 },
    ]);
    expect(await bucketsOf('telemetry_1m', mac)).toEqual([
      {
        bucket: hour + MINUTE,
        co2_min: 400,
        co2_max: 2500,
        co2_sum: 3400,
        co2_n: 3,
        temp_min: 20,
        temp_max: 22,
        temp_sum: 42,
        temp_n: 2,
      },
      {
        bucket: hour + 2 * MINUTE,
        co2_min: 450,
        co2_max: 450,
        co2_sum: 450,
        co2_n: 1,
        temp_min: null,
        temp_max: null,
        temp_sum: 0,
        temp_n: 0,
      },
    ]);
    expect(await bucketsOf('telemetry_1h', mac)).toEqual([
      {
        bucket: hour,
        co2_min: 400,
        co2_max: 2500,
        co2_sum: 3850,
        co2_n: 4,
        temp_min: 20,
        temp_max: 22,
        temp_sum: 42,
        temp_n: 2,
      },
    ]);
  });

  it('counts a sample delivered again, or twice in one batch, once', async () => {
    const mac = await gateway();
    const sample = { TI: hour + 10 * MINUTE, CO2: 700 };
    await record(mac, [sample, sample]);
    await record(mac, [sample]);
    await Promise.all([record(mac, [sample]), record(mac, [{ ...sample, CO2: 9999 }])]);
    expect(await bucketsOf('telemetry_1m', mac)).toEqual([
      expect.objectContaining({
        bucket: hour + 10 * MINUTE,
        co2_min: 700,
        co2_max: 700,
        co2_sum: 700,
        co2_n: 1,
      }),
    ]);
    expect(await portal.services.telemetry.countSamples(mac)).toBe(1);
  });

  it("moves a gateway's newest sample forward only, whatever order the samples come in", async () => {
    const mac = await gateway();
    const newest = async () =>
      (
        await portal.database.db
          .selectFrom('telemetry_latest')
          .select(['ti', 'co2'])
          .where('mac', '=', mac)
          .executeTakeFirst()
      )?.ti;
    await record(mac, [
      { TI: hour + 30 * MINUTE, CO2: 1 },
      { TI: hour + 40 * MINUTE, CO2: 2 },
      { TI: hour + 35 * MINUTE, CO2: 3 },
    ]);
    expect(Number(await newest())).toBe(hour + 40 * MINUTE);
    await record(mac, [{ TI: hour + 20 * MINUTE, CO2: 4 }]);
    expect(Number(await newest())).toBe(hour + 40 * MINUTE);
    await record(mac, [{ TI: hour + 50 * MINUTE, CO2: 5 }]);
    expect(Number(await newest())).toBe(hour + 50 * MINUTE);
  });
});
