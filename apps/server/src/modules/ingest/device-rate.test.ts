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

describe('DeviceRate on one of several instances', () => {
  it('allows its share of the rate and the burst, so the gateway gets the configured rate in all', () => {
    let share = 0.5;
    const rate = new DeviceRate({ perSecond: 10, burst: 4, share: () => share });
    expect([rate.reserve('A', 0), rate.reserve('A', 0)]).toEqual([0, 0]);
    // Half of 10 per second: a token every 200 ms.
    expect(rate.reserve('A', 0)).toBe(200);
    // Alone again (the other instance's sessions taken over and ended): the whole rate.
    share = 1;
    expect(rate.reserve('B', 0)).toBe(0);
    for (let n = 0; n < 3; n++) rate.reserve('B', 0);
    expect(rate.reserve('B', 0)).toBe(100);
  });
});
