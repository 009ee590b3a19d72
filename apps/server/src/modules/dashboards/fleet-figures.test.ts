import { describe, expect, it } from 'vitest';
import type { GatewayFact } from './dashboards.repository.ts';
import { FleetFigures } from './fleet-figures.ts';

const fact = (mac: string, over: Partial<GatewayFact> = {}): GatewayFact => ({
  mac,
  tenant_id: 't1',
  connected: true,
  registered: true,
  firmware: 'v1',
  os: '5.4',
  located: true,
  ...over,
});

/** The groups counted from scratch over these facts, in a stable order. */
const fresh = (facts: GatewayFact[]) => sorted(new FleetFigures(facts).groups());
const sorted = (groups: ReturnType<FleetFigures['groups']>) =>
  [...groups].sort((a, b) => `${a.dimension} ${a.key}`.localeCompare(`${b.dimension} ${b.key}`));

describe('FleetFigures', () => {
  it('counts each gateway in its connectivity x enrollment, firmware, OS and customer groups', () => {
    const groups = fresh([fact('A'), fact('B', { connected: false, firmware: 'v2', located: false })]);
    expect(groups).toEqual([
      { dimension: 'firmware', key: 'v1', online: 1, registered: 0, count: 1 },
      { dimension: 'firmware', key: 'v2', online: 0, registered: 0, count: 1 },
      { dimension: 'os', key: '5.4', online: 1, registered: 0, count: 2 },
      { dimension: 'status', key: '01', online: 0, registered: 1, located: 0, count: 1 },
      { dimension: 'status', key: '11', online: 1, registered: 1, located: 1, count: 1 },
      { dimension: 'tenant', key: 't1', online: 1, registered: 0, count: 2 },
    ]);
  });

  it('after changes counts what a count from scratch of the same gateways gives; an emptied group goes', () => {
    const start = [fact('A'), fact('B', { firmware: 'v2' }), fact('C', { tenant_id: 't2', os: '6.1' })];
    const figures = new FleetFigures(start);
    figures.groups(); // counted once, then kept current
    const changes = [
      fact('B', { firmware: 'v3', connected: false }), // v2 empties
      fact('C', { tenant_id: 't2', os: '6.1', registered: false, located: false }),
      fact('D', { tenant_id: 't3' }), // joined
    ];
    figures.apply(changes);
    const now = [start[0]!, changes[0]!, changes[1]!, changes[2]!];
    expect(sorted(figures.groups())).toEqual(fresh(now));
    expect(figures.groups().some((g) => g.key === 'v2')).toBe(false);
    // The same change again changes nothing.
    figures.apply([changes[0]!]);
    expect(sorted(figures.groups())).toEqual(fresh(now));
  });

  it('hands out copies: a later change does not alter figures already taken', () => {
    const figures = new FleetFigures([fact('A')]);
    const before = figures.groups();
    figures.apply([fact('A', { connected: false })]);
    expect(before.find((g) => g.dimension === 'tenant')!.online).toBe(1);
    expect(figures.groups().find((g) => g.dimension === 'tenant')!.online).toBe(0);
  });
});
