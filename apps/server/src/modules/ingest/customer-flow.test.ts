import { deviceDown } from '@portal/contract';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_SLOW_DOWN_SECONDS, CustomerFlow } from './customer-flow.ts';

describe('CustomerFlow (slow-downs for a customer over its message-rate quota)', () => {
  const quota = { tenantId: 'P', perSecond: 6 };
  const limits = {
    messageRates: (tenantId: string) => (tenantId === 'P' || tenantId === 'K' ? [quota] : []),
  };
  const world = () => {
    const sent: { topic: string; payload: unknown }[] = [];
    const devices = {
      publishToDevices: async (topic: string, payload: unknown) => void sent.push({ topic, payload }),
    };
    return { sent, flow: new CustomerFlow(limits, devices, pino({ level: 'silent' })) };
  };

  it("tells only the customer's sending gateways, each its part of the quota, renewed after half its time", () => {
    const { sent, flow } = world();
    flow.noteMessage('A', 'P', undefined, 0);
    flow.noteMessage('B', 'K', undefined, 0);
    flow.noteMessage('C', 'P', undefined, 0);
    flow.noteMessage('X', 'U', undefined, 0);
    expect(sent).toEqual([]);
    flow.noteMessage('A', 'P', quota, 100);
    expect(sent).toEqual([
      {
        topic: deviceDown.flowControl('A'),
        payload: {
          state: 'slow',
          maxMessagesPerSecond: 2,
          validForSeconds: CUSTOMER_SLOW_DOWN_SECONDS,
          lagMs: 0,
        },
      },
    ]);
    // Not again while the slow-down holds for more than half its time.
    flow.noteMessage('A', 'P', quota, 4000);
    expect(sent).toHaveLength(1);
    // Then renewed; A alone sends now (B and C quiet for over 10 s): the whole quota.
    flow.noteMessage('A', 'P', quota, 12_000);
    expect(sent[1]).toMatchObject({
      topic: deviceDown.flowControl('A'),
      payload: { maxMessagesPerSecond: 6 },
    });
  });
});
