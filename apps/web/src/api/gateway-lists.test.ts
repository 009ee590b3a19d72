import type { GatewayPage } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { patchCachedList } from './gateway-lists.ts';
import { testGateway } from './test-gateway.ts';

const page = (offset: number, macs: string[], total = 100): GatewayPage => ({
  gateways: macs.map((mac) => testGateway(mac)),
  offset,
  total,
  scopeTotal: total,
  mixed: false,
});

describe('patchCachedList', () => {
  /** Like the live updates: the same list back when it holds no such gateway. */
  const rename = (gateways: ReturnType<typeof testGateway>[]) =>
    gateways.some((g) => g.macId === 'A2')
      ? gateways.map((g) => (g.macId === 'A2' ? { ...g, name: 'Renamed' } : g))
      : gateways;

  it('patches a window in place, keeping its position and counts', () => {
    const window = page(30, ['A1', 'A2'], 77);
    const next = patchCachedList(window, rename) as GatewayPage;
    expect(next.gateways[1]!.name).toBe('Renamed');
    expect(next).toMatchObject({ offset: 30, total: 77 });
  });

  it('patches a whole list, and writes nothing when nothing changed', () => {
    const list = [testGateway('A2')];
    expect((patchCachedList(list, rename) as ReturnType<typeof testGateway>[])[0]!.name).toBe('Renamed');
    expect(patchCachedList(page(0, ['B1']), rename)).toBeUndefined();
    expect(patchCachedList(undefined, rename)).toBeUndefined();
  });
});
