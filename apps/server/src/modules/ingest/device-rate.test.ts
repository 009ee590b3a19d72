import { describe, expect, it } from 'vitest';
import { DeviceRate } from './device-rate.ts';

describe('DeviceRate', () => {
  it('lets a burst through, then spaces messages at the sustained rate', () => {
    const rate = new DeviceRate({ perSecond: 10, burst: 3 });
    expect([rate.reserve('A', 0), rate.reserve('A', 0), rate.reserve('A', 0)]).toEqual([0, 0, 0]);
    expect(rate.reserve('A', 0)).toBe(100);
    expect(rate.reserve('A', 0)).toBe(200);
  });

  it('refills with time and keeps gateways apart', () => {
    const rate = new DeviceRate({ perSecond: 10, burst: 1 });
    expect(rate.reserve('A', 0)).toBe(0);
    expect(rate.reserve('B', 0)).toBe(0);
    expect(rate.reserve('A', 100)).toBe(0);
    expect(rate.reserve('A', 100)).toBe(100);
  });
});
