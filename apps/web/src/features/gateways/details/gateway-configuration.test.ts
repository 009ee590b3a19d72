import { gatewayRegistryMessages as m } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { configurationChange, nameProblem } from './gateway-configuration.ts';

const gateway = { name: 'Lobby', scopeId: 'alpha' };

describe('Gateway Configuration', () => {
  it('has nothing to submit until the name or the customer changes', () => {
    expect(configurationChange(gateway, { name: 'Lobby', scopeId: 'alpha' })).toBeNull();
    expect(configurationChange(gateway, { name: ' Lobby ', scopeId: 'alpha' })).toBeNull();
  });

  it('sends only the new name, as updated', () => {
    expect(configurationChange(gateway, { name: 'Hall ', scopeId: 'alpha' })).toEqual({
      body: { NAME: 'Hall' },
      moved: false,
    });
  });

  it('sends the new customer, as moved', () => {
    expect(configurationChange(gateway, { name: 'Lobby', scopeId: 'beta' })).toEqual({
      body: { SID: 'beta' },
      moved: true,
    });
    expect(configurationChange(gateway, { name: 'Hall', scopeId: 'beta' })?.body).toEqual({
      NAME: 'Hall',
      SID: 'beta',
    });
  });

  it('names the name rule at both bounds', () => {
    expect(nameProblem('')).toBe(m.nameRequired);
    expect(nameProblem('n'.repeat(40))).toBeNull();
    expect(nameProblem('n'.repeat(41))).toBe(m.nameTooLong);
  });
});
