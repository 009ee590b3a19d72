import { describe, expect, it } from 'vitest';
import { CUSTOMER_RATE_MAX_WAIT_S, CustomerRate, DeviceRate } from './device-rate.ts';

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

describe('CustomerRate (messages-per-second quotas)', () => {
  // Tenant K is a sub-customer of P; P has a quota of 2 a second, Q one of 10; U has none.
  const limits = {
    messageRates: (tenantId: string) =>
      ({
        P: [{ tenantId: 'P', perSecond: 2 }],
        K: [{ tenantId: 'P', perSecond: 2 }],
        Q: [{ tenantId: 'Q', perSecond: 10 }],
      })[tenantId] ?? [],
  };

  it("lets a second's worth through at once, then spaces the customer's messages, its sub-customers' with them", () => {
    const rate = new CustomerRate(limits);
    const wait = (tenantId: string) => rate.reserve(tenantId, 0).wait;
    expect([wait('P'), wait('K')]).toEqual([0, 0]);
    expect(rate.reserve('K', 0)).toEqual({ wait: 500, limit: { tenantId: 'P', perSecond: 2 } });
    expect(wait('P')).toBe(1000);
    // Another customer's bucket is its own, and a customer without a quota never waits.
    expect(wait('Q')).toBe(0);
    for (let n = 0; n < 100; n++) expect(rate.reserve('U', 0)).toEqual({ wait: 0 });
  });

  it('owes at most CUSTOMER_RATE_MAX_WAIT_S of messages (the longest a message waits)', () => {
    const rate = new CustomerRate(limits);
    for (let n = 0; n < 50; n++) rate.reserve('P', 0);
    expect(rate.reserve('P', 0).wait).toBe(CUSTOMER_RATE_MAX_WAIT_S * 1000);
  });

  it('allows its share of the quota on one of several instances', () => {
    const rate = new CustomerRate(limits, () => 0.5);
    // Half of 10 a second: a burst of 5, then a token every 200 ms.
    for (let n = 0; n < 5; n++) expect(rate.reserve('Q', 0).wait).toBe(0);
    expect(rate.reserve('Q', 0).wait).toBe(200);
  });
});
