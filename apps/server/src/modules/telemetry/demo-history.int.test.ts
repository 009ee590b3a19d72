import type { SensorReading } from '@portal/contract';
import { historyAlerts, historySamples } from '@portal/gateway-sim';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, signIn, startPortal, type TestPortal } from '../../../test/harness.ts';
import { DEMO_SIMULATION_SEED, prepareDemo } from '../../bootstrap.ts';
import { seedDemoHistory } from './demo-history.ts';

/** The simulator's model of the past, as the launcher hands it to the portal. */
const model = { samples: historySamples, alerts: historyAlerts };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Issue 14, point 6: the demo fleet starts with 90 days of history, raw samples and both rollups, so every
 * chart range shows data; a restart writes nothing twice.
 */
describe(`demo history (${backend} backend)`, () => {
  let portal: TestPortal;
  let macs: string[];
  let root: string;
  let now: number;
  let firstRun: Awaited<ReturnType<typeof seedDemoHistory>>;
  let firstRunMs: number;

  const counts = async () => {
    const rows = await sql<{ t: string; n: string }>`
      select 'raw' as t, count(*) as n from telemetry where mac = any(${macs}::text[])
      union all select '1m', count(*) from telemetry_1m where mac = any(${macs}::text[])
      union all select '1h', count(*) from telemetry_1h where mac = any(${macs}::text[])
      union all select 'events', count(*) from gateway_events where mac = any(${macs}::text[])`.execute(
      portal.database.db,
    );
    return Object.fromEntries(rows.rows.map((r) => [r.t, Number(r.n)]));
  };

  beforeAll(async () => {
    portal = await startPortal();
    const demo = await prepareDemo(portal.database.db, portal.services.gateways, 2);
    macs = demo.devices.map((d) => d.mac);
    now = Date.now();
    const started = performance.now();
    firstRun = await seedDemoHistory(portal.database.db, macs, { model, seed: DEMO_SIMULATION_SEED, now });
    firstRunMs = performance.now() - started;
    root = await signIn(portal);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const series = async (kind: string, mac: string, from: number, to: number) => {
    const response = await portal.app.inject({
      method: 'GET',
      url: `/api/device/${kind}/macId/${mac}/fromTime/${Math.round(from)}/toTime/${Math.round(to)}`,
      headers: { cookie: root },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SensorReading[];
  };

  it('writes both gateways quickly, into raw samples and both rollups', async () => {
    expect(firstRun.gateways).toBe(2);
    expect(firstRunMs).toBeLessThan(15_000);
    const n = await counts();
    expect(n.raw).toBeGreaterThan(2 * 2000);
    expect(n['1m']).toBeGreaterThan(2 * 10_000);
    expect(n['1h']).toBeGreaterThanOrEqual(2 * 90 * 24 - 2);
    const oldest = await sql<{
      t: string;
    }>`select min(bucket) as t from telemetry_1h where mac = ${macs[0]}`.execute(portal.database.db);
    expect(Number(oldest.rows[0]?.t)).toBeLessThanOrEqual(now - 90 * DAY + HOUR);
  });

  it('shows data on every interval of the charts and on an old custom range', async () => {
    const mac = macs[0] ?? '';
    const ranges = {
      '1 hour': HOUR,
      '6 hours': 6 * HOUR,
      '24 hours': DAY,
      '1 week': 7 * DAY,
      '2 weeks': 14 * DAY,
      '1 month': 30 * DAY,
      '3 months': 90 * DAY,
    };
    for (const [name, span] of Object.entries(ranges)) {
      for (const kind of ['co2Data', 'cpuMm', 'airQualityData']) {
        const readings = await series(kind, mac, now - span, now);
        expect(readings.length, `${name} ${kind}`).toBeGreaterThan(20);
        // The data covers the range: its first point near the start, its last near the end.
        expect(readings[0]!.TI - (now - span), `${name} ${kind} start`).toBeLessThan(span / 10 + HOUR);
        expect(now - readings.at(-1)!.TI, `${name} ${kind} end`).toBeLessThan(span / 10 + HOUR);
      }
    }
    const custom = await series('co2Data', mac, now - 60 * DAY, now - 58 * DAY);
    expect(custom.length).toBeGreaterThan(50);
  });

  it('looks like the simulator: CPU within its 5-95 % over a week', async () => {
    const cpu = await series('cpuMm', macs[1] ?? '', now - 7 * DAY, now);
    for (const r of cpu) {
      expect(r.CP).toBeGreaterThanOrEqual(5);
      expect(r.CP).toBeLessThanOrEqual(95);
    }
  });

  it('lists the alerts the history raised, a few a day, each High followed by its Normal', async () => {
    const { rows } = await sql<{ items: { nme: string }[] }>`
      select items from gateway_events where mac = ${macs[0]} and kind = 'SA' order by ti`.execute(
      portal.database.db,
    );
    const names = rows.flatMap((r) => r.items.map((i) => i.nme));
    expect(names.length).toBeGreaterThan(5);
    expect(names.length).toBeLessThan(90 * 8);
    const cpu = names.filter((n) => n.startsWith('CPU'));
    for (let i = 0; i < cpu.length; i++)
      expect(cpu[i]).toBe(i % 2 === 0 ? 'CPU Usage High' : 'CPU Usage Normal');
  });

  it('writes nothing again on a restart', async () => {
    const before = await counts();
    const again = await seedDemoHistory(portal.database.db, macs, { model, seed: DEMO_SIMULATION_SEED });
    expect(again.gateways).toBe(0);
    expect(await counts()).toEqual(before);
  });
});
