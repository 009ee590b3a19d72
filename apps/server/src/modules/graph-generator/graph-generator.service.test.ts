import { type DeviceRecord, GRAPH_MAX_CHART_GATEWAYS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../lib/principal.ts';
import { GraphGeneratorService } from './graph-generator.service.ts';
import type { ReadingsRepository } from './readings.repository.ts';

const principal = {
  userId: 'u',
  tenantId: 't',
  isRoot: false,
  permissions: new Set(),
  sessionIdHash: 'h',
  freeTierMember: false,
} as Principal;
const device = (i: number) =>
  ({
    MAC: i.toString(16).toUpperCase().padStart(12, '0'),
    NAME: `Sensor ${i}`,
    CS: 1,
    LCTN: null,
    tags: [],
  }) as unknown as DeviceRecord;

/** A fleet of `size` gateways and a readings store that records how many gateways a chart read. */
function service(size: number) {
  const read: number[] = [];
  const metrics: string[] = [];
  const readings = {
    buckets: async (macs: string[], metric: string) => {
      read.push(macs.length);
      metrics.push(metric);
      return macs.map((mac) => ({ mac, slot: 0, lo: 1, hi: 1, total: 1, n: 1 }));
    },
    extremes: async () => [],
  } as unknown as ReadingsRepository;
  const devices = { devices: async () => Array.from({ length: size }, (_, i) => device(i + 1)) };
  return {
    graphs: new GraphGeneratorService(devices, readings, () => Date.UTC(2026, 10, 25, 12)),
    read,
    metrics,
  };
}

describe('graph generator: how many gateways one chart reads', () => {
  it(`reads up to ${GRAPH_MAX_CHART_GATEWAYS} gateways, as one line`, async () => {
    const { graphs, read } = service(GRAPH_MAX_CHART_GATEWAYS);
    const answer = await graphs.generate(principal, {
      scopeId: 's',
      text: 'CO2 of all gateways today',
      utcOffsetMinutes: 0,
    });
    expect(answer.status).toBe('chart');
    expect(read).toEqual([GRAPH_MAX_CHART_GATEWAYS]);
    expect(answer.status === 'chart' && answer.understood.groupBy).toBe('all');
  });

  it('asks to narrow a larger fleet instead of reading it all', async () => {
    const { graphs, read } = service(GRAPH_MAX_CHART_GATEWAYS + 1);
    const answer = await graphs.generate(principal, {
      scopeId: 's',
      text: 'CO2 of all gateways today',
      utcOffsetMinutes: 0,
    });
    expect(answer).toMatchObject({ status: 'question', slot: 'gateways' });
    expect(answer.status === 'question' && answer.question).toMatch(
      /^That is 1,001 gateways; a chart reads at most 1,000\./,
    );
    expect(read).toEqual([]);
  });
});

describe('graph generator: several readings (issue 32)', () => {
  it('reads each reading once and answers one chart per reading, the first also as the answer series', async () => {
    const { graphs, metrics } = service(3);
    const answer = await graphs.generate(principal, {
      scopeId: 's',
      text: 'CO2 and memory of sensors 1 to 3',
      utcOffsetMinutes: 0,
    });
    expect(metrics).toEqual(['co2', 'mm']);
    if (answer.status !== 'chart') throw new Error(JSON.stringify(answer));
    expect(answer.understood.metrics).toEqual(['co2', 'mm']);
    expect(answer.charts.map((c) => [c.metric, c.unit, c.series.length])).toEqual([
      ['co2', 'ppm', 3],
      ['mm', 'MB', 3],
    ]);
    expect(answer.unit).toBe('ppm');
    expect(answer.series).toEqual(answer.charts[0]!.series);
    // No time named: the portal's default hour.
    expect(answer.understood.range.toTime - answer.understood.range.fromTime).toBe(3_600_000);
  });

  it('refuses a threshold chip over several readings instead of applying it to one', async () => {
    const { graphs, read } = service(2);
    const answer = await graphs.generate(principal, {
      scopeId: 's',
      text: 'edited',
      utcOffsetMinutes: 0,
      overrides: {
        metric: 'co2',
        metrics: ['co2', 'temp'],
        gateways: ['000000000001'],
        range: { fromTime: Date.UTC(2026, 10, 25, 10), toTime: Date.UTC(2026, 10, 25, 11) },
        condition: { op: '>=', value: 1000 },
      },
    });
    expect(answer).toMatchObject({ status: 'question', slot: 'metric' });
    expect(read).toEqual([]);
  });
});
