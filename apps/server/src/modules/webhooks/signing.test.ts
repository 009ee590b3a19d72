import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deliveryHeaders, outcomeOf, signature } from './signing.ts';

describe('webhook signatures', () => {
  it('signs the timestamp and the body with HMAC-SHA256, hex, after v1=', () => {
    const expected = createHmac('sha256', 'whsec_abc').update('1700000000.{"a":1}').digest('hex');
    expect(signature('whsec_abc', 1700000000, '{"a":1}')).toBe(`v1=${expected}`);
  });

  it('sends one signature per secret, space-separated, and the documented headers', () => {
    const headers = deliveryHeaders('evt-1', 1700000000, '{}', ['whsec_new', 'whsec_old']);
    expect(headers).toMatchObject({
      'Content-Type': 'application/json',
      'User-Agent': 'IoT-Portal-Webhooks/1',
      'Webhook-Id': 'evt-1',
      'Webhook-Timestamp': '1700000000',
    });
    expect(headers['Webhook-Signature']).toBe(
      `${signature('whsec_new', 1700000000, '{}')} ${signature('whsec_old', 1700000000, '{}')}`,
    );
    expect(deliveryHeaders('evt-1', 1, '{}', ['whsec_new'])['Webhook-Signature']).not.toContain(' ');
  });

  it.each([
    [200, 'delivered'],
    [204, 'delivered'],
    [299, 'delivered'],
    [199, 'permanent'],
    [300, 'permanent'],
    [302, 'permanent'],
    [400, 'permanent'],
    [404, 'permanent'],
    [407, 'permanent'],
    [408, 'retry'],
    [409, 'permanent'],
    [429, 'retry'],
    [499, 'permanent'],
    [500, 'retry'],
    [503, 'retry'],
  ] as const)('counts status %i as %s', (status, outcome) => {
    expect(outcomeOf(status)).toBe(outcome);
  });
});
