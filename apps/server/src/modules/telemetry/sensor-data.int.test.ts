import {
  EARLIEST_CHART_MS,
  MAX_POINTS_PER_SERIES,
  type SensorReading,
  type TelemetrySample,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  randomMac,
  sharedPortal,
  signIn,
  startPortal,
  type TestPortal,
} from '../../../test/harness.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const SPIKE_AT = NOW - 4 * DAY;

describe(`sensor data calls (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let beta: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let cookie: string;
  const mac = randomMac();

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await createCustomerWithUser(portal, 'Alpha');
    beta = await createCustomerWithUser(portal, 'Beta');
    await portal.services.gateways.provision(alpha.tenant.id, mac, 'Sensor gateway');
    const device = { mac, tenantId: alpha.tenant.id };
    const samples: TelemetrySample[] = [];
    // Ten days every 5 minutes, one CO2 spike, then the last hour every 5 seconds.
    for (let ti = NOW - 10 * DAY; ti < NOW - HOUR; ti += 5 * MINUTE) {
      samples.push({
        TI: ti,
        CO2: ti === SPIKE_AT ? 2600 : 500 + ((ti / MINUTE) % 10),
        TEMP: 20.123,
        CP: 10,
        MM: 400,
      });
    }
    for (let ti = NOW - HOUR; ti < NOW; ti += 5000)
      samples.push({ TI: ti, CO2: 600, TEMP: 21.456, CP: 12.5, MM: 410 });
    for (let i = 0; i < samples.length; i += 500) {
      await portal.services.telemetry.recordSamples(device, samples.slice(i, i + 500));
    }
    // Offline for half an hour, two hours ago.
    await portal.services.gateways.recordStatus(device, { CS: 1, TI: NOW - 11 * DAY });
    await portal.services.gateways.recordStatus(device, { CS: 0, TI: NOW - 2 * HOUR });
    await portal.services.gateways.recordStatus(device, { CS: 1, TI: NOW - 2 * HOUR + 30 * MINUTE });
    cookie = await signIn(portal, alpha.email, alpha.password);
  });

  const get = (path: string, as = cookie) =>
    portal.app.inject({ method: 'GET', url: path, headers: { cookie: as } });
  const series = async (kind: string, from: number, to: number) => {
    const response = await get(`/api/device/${kind}/macId/${mac}/fromTime/${from}/toTime/${to}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SensorReading[];
  };

  it('answers an hour with the samples themselves, rounded to 2 decimals', async () => {
    const readings = await series('co2Data', NOW - HOUR, NOW);
    expect(readings.length).toBeGreaterThanOrEqual(360);
    expect(readings.length).toBeLessThanOrEqual(MAX_POINTS_PER_SERIES);
    expect(readings[0]).toEqual({ TI: NOW - HOUR, CS: 1, CO2_CTN: 600, TEMP: 21.46 });
    expect(readings.every((r) => r.TI >= NOW - HOUR && r.TI <= NOW)).toBe(true);
  });

  it('keeps the spike and the floor over ten days, within the point budget', async () => {
    const readings = await series('co2Data', NOW - 10 * DAY, NOW);
    expect(readings.length).toBeLessThanOrEqual(MAX_POINTS_PER_SERIES);
    const co2 = readings.map((r) => r.CO2_CTN as number);
    expect(Math.max(...co2)).toBe(2600);
    expect(Math.min(...co2)).toBe(500);
  });

  it('answers three months from the hour rollup, spike included', async () => {
    const readings = await series('co2Data', NOW - 92 * DAY, NOW);
    expect(readings.length).toBeGreaterThan(0);
    expect(readings.length).toBeLessThanOrEqual(MAX_POINTS_PER_SERIES);
    expect(Math.max(...readings.map((r) => r.CO2_CTN as number))).toBe(2600);
  });

  it('gives each series its own fields', async () => {
    const [cpu] = await series('cpuMm', NOW - HOUR, NOW);
    expect(cpu).toEqual({ TI: NOW - HOUR, CS: 1, CP: 12.5, MM: 410 });
    const [air] = await series('airQualityData', NOW - HOUR, NOW);
    expect(air).toEqual({ TI: NOW - HOUR, CS: 1, CO_CTN: null, NH3_CTN: null, NO2_CTN: null });
  });

  it('refuses a range over 3 months, an empty range and an unknown series', async () => {
    for (const path of [
      `/api/device/co2Data/macId/${mac}/fromTime/${NOW - 92 * DAY - 1}/toTime/${NOW}`,
      `/api/device/co2Data/macId/${mac}/fromTime/${NOW}/toTime/${NOW}`,
      `/api/device/noSuchData/macId/${mac}/fromTime/${NOW - HOUR}/toTime/${NOW}`,
      `/api/device/co2Data/macId/not-a-mac/fromTime/${NOW - HOUR}/toTime/${NOW}`,
    ]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers ranges from 2024-01-01 (any time zone) and refuses earlier ones', async () => {
    const from = (time: number) => `/api/device/co2Data/macId/${mac}/fromTime/${time}/toTime/${time + DAY}`;
    expect((await get(from(EARLIEST_CHART_MS))).statusCode).toBe(200);
    const early = await get(from(EARLIEST_CHART_MS - 1));
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('VALIDATION_ERROR');
  });

  it('gives a user of another tenant nothing, as for a gateway that does not exist', async () => {
    const other = await signIn(portal, beta.email, beta.password);
    for (const target of [mac, randomMac()]) {
      for (const path of [
        `/api/device/co2Data/macId/${target}/fromTime/${NOW - HOUR}/toTime/${NOW}`,
        `/api/device/states/macId/${target}/fromTime/${NOW - HOUR}/toTime/${NOW}`,
      ]) {
        const response = await get(path, other);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Gateway not found' });
      }
    }
  });

  it('checks reach in the series statement: a customer above sees the chart, one below or beside gets a 404', async () => {
    // The reach check rides in the chart's own statement (issue 20.6): the walls must be those of the gateway check.
    const reseller = await createCustomerWithUser(portal, 'Reseller');
    const child = await createCustomerWithUser(portal, 'Child', { parentId: reseller.tenant.id });
    const childMac = randomMac();
    await portal.services.gateways.provision(child.tenant.id, childMac, 'Child gateway');
    await portal.services.telemetry.recordSamples({ mac: childMac, tenantId: child.tenant.id }, [
      { TI: NOW - 10 * MINUTE, CO2: 700, TEMP: 22 },
    ]);
    const above = await signIn(portal, reseller.email, reseller.password);
    const below = await signIn(portal, child.email, child.password);
    const chart = (target: string, from = NOW - HOUR) =>
      `/api/device/co2Data/macId/${target}/fromTime/${from}/toTime/${NOW}`;
    const seen = await get(chart(childMac), above);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual([{ TI: NOW - 10 * MINUTE, CS: 1, CO2_CTN: 700, TEMP: 22 }]);
    // Three months: the hour rollup's statement carries the same check.
    expect((await get(chart(childMac, NOW - 90 * DAY), above)).statusCode).toBe(200);
    for (const [target, as] of [
      [mac, below],
      [childMac, cookie],
    ] as const) {
      for (const from of [NOW - HOUR, NOW - 90 * DAY]) {
        const response = await get(chart(target, from), as);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Gateway not found' });
      }
    }
    // A reached gateway without samples in the range: an empty chart, not a 404.
    const empty = await get(
      chart(childMac, NOW - 3 * DAY).replace(`/toTime/${NOW}`, `/toTime/${NOW - 2 * DAY}`),
      above,
    );
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
  });

  it('gives the offline period inside a chart range, and the state the range starts in', async () => {
    const response = await get(`/api/device/states/macId/${mac}/fromTime/${NOW - 3 * HOUR}/toTime/${NOW}`);
    expect(response.json()).toEqual([
      { OFF: 0, time: NOW - 11 * DAY, fromPortal: false },
      { OFF: 1, time: NOW - 2 * HOUR, fromPortal: false },
      { OFF: 0, time: NOW - 2 * HOUR + 30 * MINUTE, fromPortal: false },
    ]);
    // The samples around it still chart; the grey area comes from these transitions.
    const readings = await series('co2Data', NOW - 3 * HOUR, NOW);
    expect(readings.length).toBeGreaterThan(0);
  });
});

// Retention deletes old samples portal-wide: a portal of its own.
describe(`telemetry retention (${backend} backend)`, () => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('deletes raw samples past retention and keeps charting the range from the rollups', async () => {
    const { tenant, email, password } = await createCustomerWithUser(portal, 'Retained');
    const mac = randomMac();
    await portal.services.gateways.provision(tenant.id, mac, 'Old gateway');
    const old = Date.now() - 100 * DAY; // default raw retention: 90 days
    const samples = Array.from({ length: 120 }, (_, i) => ({
      TI: old + i * 30_000,
      CO2: i === 60 ? 1999 : 500,
    }));
    await portal.services.telemetry.recordSamples({ mac, tenantId: tenant.id }, samples);

    const deleted = await portal.retention.runOnce();
    expect(deleted.raw).toBeGreaterThanOrEqual(120);
    expect(await portal.services.telemetry.countSamples(mac)).toBe(0);

    const cookie = await signIn(portal, email, password);
    const response = await portal.app.inject({
      method: 'GET',
      url: `/api/device/co2Data/macId/${mac}/fromTime/${old}/toTime/${old + HOUR}`,
      headers: { cookie },
    });
    const readings = response.json() as SensorReading[];
    expect(readings.length).toBeGreaterThan(0);
    expect(Math.max(...readings.map((r) => r.CO2_CTN as number))).toBe(1999);
  });
});
