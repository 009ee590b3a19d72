import {
  GRAPH_AXIS_PADDING_MS,
  GRAPH_TEXT_MAX_LENGTH,
  GRAPH_TEXTS,
  GRAPH_THRESHOLD_MESSAGE,
  type GraphResponse,
  type TelemetrySample,
} from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  randomMac,
  sharedPortal,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';
import { loadCorpus, runCorpus, summarize } from './corpus.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Chart = Extract<GraphResponse, { status: 'chart' }>;
type Ask = Extract<GraphResponse, { status: 'question' }>;

describe(`graph generator (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let beta: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let alphaCookie: string;
  let betaCookie: string;
  let blindCookie: string;
  const macs = { one: randomMac(), two: randomMac(), three: randomMac(), beta: randomMac() };
  // Whole minutes, three hours back: every sample lands in the minute rollup the chart reads.
  const start = Math.floor(Date.now() / MINUTE) * MINUTE - 3 * HOUR;

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await createCustomerWithUser(portal, 'Alpha');
    beta = await createCustomerWithUser(portal, 'Beta');
    const blind = await createCustomerWithUser(portal, 'Blind', { permissions: [] });
    const { gateways, telemetry } = portal.services;
    await gateways.provision(alpha.tenant.id, macs.one, 'Demo Gateway 1', { tags: ['warehouse'] });
    await gateways.provision(alpha.tenant.id, macs.two, 'Demo Gateway 2', { tags: ['office'] });
    await gateways.provision(alpha.tenant.id, macs.three, 'Demo Gateway 3', { tags: ['office'] });
    await gateways.provision(beta.tenant.id, macs.beta, 'Beta Plant 9');
    await portal.database.db
      .updateTable('gateways')
      .set({ address: JSON.stringify({ CTY: 'Oslo' }) })
      .where('mac', 'in', [macs.one, macs.two])
      .execute();
    // One sample a minute for two hours: gateway 1 at CO2 1000 then 1500 (its second hour), gateway 2 at
    // 500, gateway 3 at 700; temperatures 20, 22, 24.
    const level = { [macs.one]: 1000, [macs.two]: 500, [macs.three]: 700 };
    for (const [index, mac] of [macs.one, macs.two, macs.three].entries()) {
      const samples: TelemetrySample[] = [];
      for (let ti = start; ti < start + 2 * HOUR; ti += MINUTE) {
        const co2 = mac === macs.one && ti >= start + HOUR ? 1500 : level[mac]!;
        samples.push({ TI: ti, CO2: co2, TEMP: 20 + 2 * index, CP: 10 });
      }
      await telemetry.recordSamples({ mac, tenantId: alpha.tenant.id }, samples);
    }
    await telemetry.recordSamples({ mac: macs.beta, tenantId: beta.tenant.id }, [{ TI: start, CO2: 5000 }]);
    await telemetry.flush();
    alphaCookie = await signIn(portal, alpha.email, alpha.password);
    betaCookie = await signIn(portal, beta.email, beta.password);
    blindCookie = await signIn(portal, blind.email, blind.password);
  });

  const generate = (body: Record<string, unknown>, cookie = alphaCookie) =>
    portal.app.inject({
      method: 'POST',
      url: '/api/graph-generator/generate',
      headers: { cookie },
      payload: { scopeId: alpha.tenant.id, ...body },
    });
  const chart = async (text: string, extra: Record<string, unknown> = {}) => {
    const response = await generate({ text, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as GraphResponse;
    expect(body.status, response.body).toBe('chart');
    return body as Chart;
  };
  const ask = async (text: string, cookie = alphaCookie, extra: Record<string, unknown> = {}) => {
    const response = await generate({ text, ...extra }, cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as GraphResponse;
    expect(body.status, response.body).toBe('question');
    return body as Ask;
  };

  it('draws a sentence: the gateway named, its readings, the axis padded by an hour on each side', async () => {
    const body = await chart('CO2 of Demo Gateway 2 in the last 6 hours');
    expect(body.understood.metric).toBe('co2');
    expect(body.understood.gateways).toEqual([{ mac: macs.two, name: 'Demo Gateway 2' }]);
    expect(body.understood.range.toTime - body.understood.range.fromTime).toBe(6 * HOUR);
    expect(body.axis).toEqual({
      fromTime: body.understood.range.fromTime - GRAPH_AXIS_PADDING_MS,
      toTime: body.understood.range.toTime + GRAPH_AXIS_PADDING_MS,
    });
    expect(body.unit).toBe('ppm');
    expect(body.series).toHaveLength(1);
    const values = body.series[0]!.points.map((p) => p.value);
    expect(values.length).toBeGreaterThan(0);
    expect(new Set(values)).toEqual(new Set([500]));
  });

  it('compares gateways by number, one line each, with their own values', async () => {
    // "Today" is read in the asker's time zone: pick one where it is mid-afternoon now, so the samples of
    // three to one hours ago fall on today whatever the hour this runs at (at 00:30 UTC they do not in UTC).
    const utcHour = new Date().getUTCHours();
    const offsetHours = 14 - utcHour; // -9 … +14, a real zone's range
    const body = await chart('compare temperature of gateway 2 and 3 today', {
      utcOffsetMinutes: offsetHours * 60,
    });
    expect(body.series.map((s) => [s.label, new Set(s.points.map((p) => p.value))])).toEqual([
      ['Demo Gateway 2', new Set([22])],
      ['Demo Gateway 3', new Set([24])],
    ]);
  });

  it('averages by the hour, and keeps only the gateways above a threshold', async () => {
    const hourly = await chart('hourly average CO2 of Demo Gateway 1 in the last 6 hours');
    expect(hourly.understood).toMatchObject({ aggregation: 'avg', interval: 'hour' });
    // The first hour of samples at 1000 and the second at 1500, averaged per whole UTC hour.
    const expected = new Map<number, number[]>();
    for (let ti = start; ti < start + 2 * HOUR; ti += MINUTE) {
      const hour = Math.floor(ti / HOUR) * HOUR;
      expected.set(hour, [...(expected.get(hour) ?? []), ti >= start + HOUR ? 1500 : 1000]);
    }
    const average = (list: number[]) =>
      Math.round((list.reduce((a, b) => a + b, 0) / list.length) * 100) / 100;
    expect(hourly.series[0]!.points).toEqual(
      [...expected.entries()].map(([TI, list]) => ({ TI, value: average(list) })),
    );
    const above = await chart('which gateways had CO2 above 1200 in the last 6 hours');
    expect(above.understood.condition).toEqual({ op: '>', value: 1200 });
    expect(above.series.map((s) => s.label)).toEqual(['Demo Gateway 1']);
    expect(above.note).toBe('1 of 3 gateways had CO2 above 1200');
  });

  it('groups by location and by tag, and combines all gateways into one line', async () => {
    const byPlace = await chart('average CO2 by location in the last 6 hours');
    expect(byPlace.series.map((s) => [s.label, s.macs.length])).toEqual([
      ['no location', 1],
      ['Oslo', 2],
    ]);
    const byTag = await chart('max temperature per tag in the last 6 hours');
    expect(byTag.series.map((s) => [s.label, Math.max(...s.points.map((p) => p.value ?? 0))])).toEqual([
      ['office', 24],
      ['warehouse', 20],
    ]);
    const all = await chart('minimum temperature across all gateways in the last 6 hours');
    expect(all.series).toHaveLength(1);
    expect(new Set(all.series[0]!.points.map((p) => p.value))).toEqual(new Set([20]));
  });

  it("says 'no data' with an empty chart, not an error, for a range without readings", async () => {
    const body = await chart('CO2 of Demo Gateway 3 on 2 January 2025');
    expect(body.series).toEqual([]);
  });

  it('asks instead of guessing: unknown, ambiguous or missing words', async () => {
    expect((await ask('humidity of Demo Gateway 1 today')).slot).toBe('metric');
    const air = await ask('air quality of Demo Gateway 1 today');
    expect(air.candidates.map((c) => c.label)).toEqual(['CO', 'NH3', 'NO2', 'RSTC', 'TVOC']);
    expect(air.candidates[0]!.sentence).toBe('CO of Demo Gateway 1 today');
    const missing = await ask('Demo Gateway 1 today');
    expect(missing.slot).toBe('metric');
    expect(missing.candidates[0]).toEqual({ label: 'CO2', sentence: 'CO2 Demo Gateway 1 today' });
    const unknown = await ask('CO2 of Demo Gateway 1 in the cellar today');
    expect(unknown.question).toMatch(/^I don't know "cellar"/);
    expect((await ask('co2 of gateway 7 today')).slot).toBe('gateways');
    expect((await ask('co2 of all gateways except gateway 7')).slot).toBe('gateways');
  });

  it('charts what operators type (issue 32): the whole fleet, several readings, typos, at least, 1 hour by default', async () => {
    // No gateway named: every gateway of the scope; no time named: the portal's default hour.
    const fleet = await chart('CO2 of all gws');
    expect(fleet.understood.gateways.map((g) => g.name)).toEqual([
      'Demo Gateway 1',
      'Demo Gateway 2',
      'Demo Gateway 3',
    ]);
    expect(fleet.understood.range.toTime - fleet.understood.range.fromTime).toBe(HOUR);
    // Two readings: one chart each, with its own unit and values; the first is also the answer's series.
    const both = await chart('CO2 and temperature of gateway three in the last 6 hours');
    expect(both.understood.metrics).toEqual(['co2', 'temp']);
    expect(
      both.charts.map((c) => [c.metric, c.unit, new Set(c.series[0]!.points.map((p) => p.value))]),
    ).toEqual([
      ['co2', 'ppm', new Set([700])],
      ['temp', '°C', new Set([24])],
    ]);
    expect(both.series).toEqual(both.charts[0]!.series);
    // A typo is read as the name it is nearest to, and the chips say so.
    const typo = await chart('CO2 of Demo Gatway 1 in the last 6 hours');
    expect(typo.understood.gateways).toEqual([{ mac: macs.one, name: 'Demo Gateway 1' }]);
    // Gateway 1 peaks at exactly 1500: "at least 1,500" keeps it, "above 1,500" does not.
    const atLeast = await chart('which gateways had CO2 of at least 1,500 in the last 6 hours');
    expect(atLeast.understood.condition).toEqual({ op: '>=', value: 1500 });
    expect(atLeast.series.map((s) => s.label)).toEqual(['Demo Gateway 1']);
    expect(atLeast.note).toBe('1 of 3 gateways had CO2 at least 1500');
    const above = await chart('which gateways had CO2 above 1,500 in the last 6 hours');
    expect(above.series).toEqual([]);
    // Gateways 1 to 3 except 2; a customer's name is its gateways.
    const except = await chart('co2 of gateways 1-3 except 2 in the last 6 hours');
    expect(except.series.map((s) => s.label)).toEqual(['Demo Gateway 1', 'Demo Gateway 3']);
    const customer = await chart(`temperature for ${alpha.tenant.name} in the last 6 hours`);
    expect(customer.understood.gateways).toHaveLength(3);
    // A range it cannot honour is a question naming the rule.
    expect((await ask('CO2 of Demo Gateway 1 last year')).question).toBe(GRAPH_TEXTS.customRangeTooLong);
    expect((await ask('CO2 from 2026-11-20 to 2026-11-10')).question).toBe(GRAPH_TEXTS.fromAfterTo);
  });

  it("treats another tenant's gateway as unknown and tells nothing about it", async () => {
    const byName = await ask('CO2 of Beta Plant 9 today');
    expect(JSON.stringify(byName)).not.toMatch(new RegExp(`${macs.beta}|Beta Plant 9"`));
    expect(byName.candidates.every((c) => !c.label.includes('Beta'))).toBe(true);
    const byMac = await ask(`CO2 of ${macs.beta} today`);
    expect(byMac.slot).toBe('gateways');
    // Beta's user asks about Alpha's gateways: unknown to it, nothing charted.
    const reverse = await ask('CO2 of Demo Gateway 1 today', betaCookie, { scopeId: beta.tenant.id });
    expect(JSON.stringify(reverse)).not.toContain(macs.one);
    // An edited chip naming another tenant's MAC is refused the same way.
    const edited = await ask('CO2', alphaCookie, {
      overrides: { metric: 'co2', gateways: [macs.beta], range: { fromTime: start, toTime: start + HOUR } },
    });
    expect(edited.slot).toBe('gateways');
    // Another tenant's scope: 404, as for one that does not exist.
    const foreign = await generate(
      { text: 'CO2 of all gateways today', scopeId: alpha.tenant.id },
      betaCookie,
    );
    expect(foreign.statusCode).toBe(404);
    const catalogue = await portal.app.inject({
      method: 'GET',
      url: `/api/graph-generator/catalogue?scopeId=${alpha.tenant.id}`,
      headers: { cookie: betaCookie },
    });
    expect(catalogue.statusCode).toBe(404);
  });

  it('lists the scope own gateways for the gateways chip', async () => {
    const response = await portal.app.inject({
      method: 'GET',
      url: `/api/graph-generator/catalogue?scopeId=${alpha.tenant.id}`,
      headers: { cookie: alphaCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().gateways.map((g: { name: string }) => g.name)).toEqual([
      'Demo Gateway 1',
      'Demo Gateway 2',
      'Demo Gateway 3',
    ]);
  });

  it('charts edited chips instead of the sentence', async () => {
    const body = await chart('anything', {
      overrides: {
        metric: 'temp',
        gateways: [macs.three],
        range: { fromTime: start, toTime: start + 2 * HOUR },
        aggregation: 'max',
        interval: 'hour',
      },
    });
    expect(body.understood).toMatchObject({ metric: 'temp', aggregation: 'max', interval: 'hour' });
    expect(body.series[0]!.points.map((p) => p.value)).toEqual(body.series[0]!.points.map(() => 24));
  });

  it('charts edited lines and threshold chips, the threshold within ±1000000', async () => {
    const base = {
      metric: 'co2',
      gateways: [macs.one, macs.two, macs.three],
      range: { fromTime: start, toTime: start + 2 * HOUR },
      aggregation: 'max',
      interval: 'hour',
    };
    const all = await chart('anything', { overrides: { ...base, groupBy: 'all', condition: null } });
    expect(all.understood).toMatchObject({ groupBy: 'all', condition: null });
    expect(all.series).toHaveLength(1);
    expect(all.series[0]!.macs).toHaveLength(3);
    const perGateway = await chart('anything', { overrides: { ...base, groupBy: 'gateway' } });
    expect(perGateway.series.map((s) => s.label)).toEqual([
      'Demo Gateway 1',
      'Demo Gateway 2',
      'Demo Gateway 3',
    ]);
    const above = await chart('anything', { overrides: { ...base, condition: { op: '>', value: 1200 } } });
    expect(above.understood.condition).toEqual({ op: '>', value: 1200 });
    expect(above.series.map((s) => s.label)).toEqual(['Demo Gateway 1']);
    const below = await chart('anything', { overrides: { ...base, condition: { op: '<', value: 600 } } });
    expect(below.series.map((s) => s.label)).toEqual(['Demo Gateway 2']);
    // The bounds: ±1000000 charted (no gateway passes), one more refused with the form's message.
    for (const value of [1_000_000, -1_000_000]) {
      const edge = await chart('anything', { overrides: { ...base, condition: { op: '>', value } } });
      expect(edge.series.length).toBe(value > 0 ? 0 : 3);
    }
    for (const value of [1_000_001, -1_000_001]) {
      const response = await generate({
        text: 'anything',
        overrides: { ...base, condition: { op: '>', value } },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(GRAPH_THRESHOLD_MESSAGE);
    }
    const wrong = await generate({ text: 'anything', overrides: { ...base, groupBy: 'city' } });
    expect(wrong.statusCode).toBe(400);
  });

  it('keeps the custom range rules: not before 2024-01-01, at most 3 months', async () => {
    expect((await ask('CO2 of Demo Gateway 1 since 2023-12-30')).question).toBe(GRAPH_TEXTS.fromTooEarly);
    expect((await ask('CO2 of Demo Gateway 1 in the last 100 days')).question).toBe(
      GRAPH_TEXTS.customRangeTooLong,
    );
    await chart('CO2 of Demo Gateway 1 in the last 90 days');
    const tooEarly = await ask('x', alphaCookie, {
      overrides: {
        metric: 'co2',
        gateways: [macs.one],
        range: { fromTime: Date.UTC(2023, 0, 1), toTime: Date.UTC(2023, 1, 1) },
      },
    });
    expect(tooEarly.question).toBe(GRAPH_TEXTS.fromTooEarly);
  });

  it('refuses an empty text and one over 500 characters (a 2,000-character paste), at both bounds', async () => {
    expect((await generate({ text: '' })).statusCode).toBe(400);
    expect((await generate({ text: '   ' })).statusCode).toBe(400);
    const atLimit = `CO2 of Demo Gateway 1 today ${'x'.repeat(GRAPH_TEXT_MAX_LENGTH - 28)}`;
    expect(atLimit).toHaveLength(GRAPH_TEXT_MAX_LENGTH);
    expect((await generate({ text: atLimit })).statusCode).toBe(200);
    expect((await generate({ text: `${atLimit}x` })).statusCode).toBe(400);
    expect((await generate({ text: 'c'.repeat(2000) })).statusCode).toBe(400);
  });

  it('documents its calls in OpenAPI', async () => {
    const doc = (await portal.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const generate = doc.paths['/api/graph-generator/generate'].post;
    expect(generate.tags).toEqual(['graph generator']);
    expect(generate.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['scopeId', 'text']),
    );
    expect(doc.paths['/api/graph-generator/catalogue'].get.tags).toEqual(['graph generator']);
  });

  it('needs IOT_DEVICE_READ and a session', async () => {
    expect((await generate({ text: 'CO2 of Demo Gateway 1 today' }, blindCookie)).statusCode).toBe(403);
    expect((await generate({ text: 'CO2 of Demo Gateway 1 today' }, '')).statusCode).toBe(401);
  });

  it('reads the corpus: held-out at least 95 % exact, at most 5 % false questions, never a silent wrong chart', () => {
    const dev = summarize(runCorpus(loadCorpus('dev')));
    const heldOut = summarize(runCorpus(loadCorpus('held-out')));
    // Three times the 344 phrasings of issue 18.
    expect(dev.cases + heldOut.cases).toBeGreaterThanOrEqual(3 * 344);
    for (const summary of [dev, heldOut]) {
      expect(summary.exact / summary.cases).toBeGreaterThanOrEqual(0.95);
      expect(summary.falseClarify / summary.chartRequests).toBeLessThanOrEqual(0.05);
      expect(summary.silentWrong).toBe(0);
    }
  });
});
