import { QUOTA_MAX, quotaMessages, UNLIMITED_QUOTAS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { quotaFigure, quotaFormSchema, quotaFormValues } from './quotas.ts';

const empty = quotaFormValues(UNLIMITED_QUOTAS);

describe('the quotas form', () => {
  it('shows unlimited as an empty field and a quota as its digits', () => {
    expect(empty).toEqual({
      gateways: '',
      lockUsers: '',
      storedDays: '',
      messagesPerSecond: '',
      apiCallsPerMinute: '',
    });
    expect(quotaFormValues({ ...UNLIMITED_QUOTAS, gateways: 50 }).gateways).toBe('50');
  });

  it('takes 1 and the maximum of every quota, and empty as unlimited', () => {
    expect(quotaFormSchema.parse(empty)).toEqual(UNLIMITED_QUOTAS);
    for (const kind of Object.keys(QUOTA_MAX) as (keyof typeof QUOTA_MAX)[]) {
      expect(quotaFormSchema.parse({ ...empty, [kind]: '1' })[kind]).toBe(1);
      expect(quotaFormSchema.parse({ ...empty, [kind]: ` ${QUOTA_MAX[kind]} ` })[kind]).toBe(QUOTA_MAX[kind]);
    }
  });

  it("refuses 0, one over the maximum and a fraction in the server's words, and words", () => {
    for (const kind of Object.keys(QUOTA_MAX) as (keyof typeof QUOTA_MAX)[]) {
      for (const text of ['0', String(QUOTA_MAX[kind] + 1), '2.5']) {
        const result = quotaFormSchema.safeParse({ ...empty, [kind]: text });
        expect(result.error?.issues[0]?.message, `${kind} ${text}`).toBe(
          quotaMessages.outOfRange(QUOTA_MAX[kind]),
        );
      }
      expect(quotaFormSchema.safeParse({ ...empty, [kind]: 'many' }).success).toBe(false);
    }
  });
});

describe('a quota figure', () => {
  const use = {
    tenantId: 't',
    quotas: { ...UNLIMITED_QUOTAS, gateways: 50, storedDays: 30, lockUsers: 3 },
    use: { gateways: 12, lockUsers: 3, apiCallsPerMinute: 7 },
  };

  it('is use against quota, the quota alone where nothing is counted, and unlimited in words', () => {
    expect(quotaFigure(use, 'gateways', 'unlimited')).toEqual({ text: '12 / 50', over: false });
    expect(quotaFigure(use, 'apiCallsPerMinute', 'unlimited')).toEqual({
      text: '7 / unlimited',
      over: false,
    });
    expect(quotaFigure(use, 'storedDays', 'unlimited')).toEqual({ text: '30', over: false });
    expect(quotaFigure(use, 'messagesPerSecond', 'unbegrenzt')).toEqual({ text: 'unbegrenzt', over: false });
  });

  it('is over once the use reaches the quota', () => {
    expect(quotaFigure(use, 'lockUsers', 'unlimited').over).toBe(true);
  });
});
