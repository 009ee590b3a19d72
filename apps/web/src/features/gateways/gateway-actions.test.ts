import { effectivePermissions, rotateCredentialMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { MORE_ACTIONS, moreActionsFor } from './gateway-actions.ts';

describe('moreActionsFor', () => {
  const labels = (held: string[]) => moreActionsFor(effectivePermissions(held)).map((a) => a.label);

  it("offers 'Rotate credential' only to holders of GENERATE_GATEWAY_TOKEN, after 'Un-register'", () => {
    const withToken = labels(['IOT_DEVICE_READ', 'GENERATE_GATEWAY_TOKEN']);
    expect(withToken).toContain(rotateCredentialMessages.action);
    expect(withToken.indexOf(rotateCredentialMessages.action)).toBe(withToken.indexOf('Un-register') + 1);
    expect(labels(['IOT_DEVICE_READ', 'IOT_DEVICE_WRITE'])).not.toContain(rotateCredentialMessages.action);
  });

  it('counts what a permission grants: GATEWAY_WRITE brings GENERATE_GATEWAY_TOKEN', () => {
    expect(labels(['GATEWAY_WRITE'])).toContain(rotateCredentialMessages.action);
  });

  it('keeps every other entry, in order, whatever the user holds', () => {
    const others = MORE_ACTIONS.filter((a) => a.action !== 'rotateCredential').map((a) => a.label);
    expect(labels([])).toEqual(others);
  });
});
