import { effectivePermissions, rotateCredentialMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { type MenuAction, MORE_ACTIONS, moreActionsFor } from './gateway-actions.ts';
import english from './locales/en.json';

/** An entry as the menu names it in English: the catalogue's, the credential's the contract's. */
const labelOf = (action: MenuAction | 'rotateCredential') =>
  action === 'rotateCredential' ? rotateCredentialMessages.action : english.actions[action];

describe('moreActionsFor', () => {
  const labels = (held: string[]) => moreActionsFor(effectivePermissions(held)).map(labelOf);

  it("offers 'Rotate credential' only to holders of GENERATE_GATEWAY_TOKEN, after 'Un-register'", () => {
    const withToken = labels(['IOT_DEVICE_WRITE', 'GENERATE_GATEWAY_TOKEN']);
    expect(withToken).toContain(rotateCredentialMessages.action);
    expect(withToken.indexOf(rotateCredentialMessages.action)).toBe(withToken.indexOf('Un-register') + 1);
    expect(labels(['IOT_DEVICE_READ', 'IOT_DEVICE_WRITE'])).not.toContain(rotateCredentialMessages.action);
  });

  it('counts what a permission grants: GATEWAY_WRITE brings GENERATE_GATEWAY_TOKEN', () => {
    expect(labels(['GATEWAY_WRITE'])).toContain(rotateCredentialMessages.action);
  });

  it('offers the entries that need no permission to anyone, in order', () => {
    const free = MORE_ACTIONS.filter((a) => a.needs === undefined).map((a) => labelOf(a.action));
    expect(labels([])).toEqual(free);
    expect(labels(['IOT_DEVICE_READ'])).toEqual(free);
  });

  it("offers an entry only to holders of what its calls need (a device reader was signed out by 'Pending instructions')", () => {
    const reader = labels(['IOT_DEVICE_READ']);
    for (const label of ['Pending instructions', 'Edit gateway', 'Move to customer', 'Un-register'])
      expect(reader).not.toContain(label);
    expect(labels(['GATEWAY_INSTRUCTIONS_READ'])).toContain('Pending instructions');
    expect(labels(['IOT_DEVICE_WRITE'])).toEqual(expect.arrayContaining(['Edit gateway', 'Un-register']));
    expect(labels(['IOT_DEVICE_WRITE'])).not.toContain('Move to customer');
    expect(labels(['IOT_DEVICE_SCOPE_MIGRATE'])).toContain('Move to customer');
  });
});
