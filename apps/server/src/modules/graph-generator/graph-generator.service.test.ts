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
  const readings = {
    buckets: async (macs: string[]) => {
      read.push(macs.length);
      return [];
    },
    extremes: async () => [],
  } as unknown as ReadingsRepository;
  const devices = { devices: async () => Array.from({ length: size }, (_, i) => device(i + 1)) };
  return { graphs: new GraphGeneratorService(devices, readings, () => Date.UTC(2026, 10, 25, 12)), read };
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
