import { portalConfigMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GRAPH_OPTION,
  GRAPH_OPTION_CHOICES,
  type GraphConfiguration,
  graphOptionFor,
  graphOptionPath,
  withGraphOption,
} from './graph-option.ts';
import en from './locales/en.json';

const configurations: GraphConfiguration[] = [
  { scopeId: 'a', graphOption: 'On', graphGreyShadedOption: true },
  { scopeId: 'b', graphOption: 'Off', graphGreyShadedOption: false },
];

describe('graph option', () => {
  it("starts from the viewed scope's stored setting", () => {
    expect(graphOptionFor(configurations, 'a')).toBe('On');
    expect(graphOptionFor(configurations, 'b')).toBe('Off');
  });

  it('starts OFF for a scope without a stored setting', () => {
    expect(DEFAULT_GRAPH_OPTION).toBe('Off');
    expect(graphOptionFor(configurations, 'c')).toBe('Off');
    expect(graphOptionFor([], 'a')).toBe('Off');
  });

  it('offers ON and OFF', () => {
    expect(GRAPH_OPTION_CHOICES.map((choice) => [choice.value, en.choices[choice.label]])).toEqual([
      ['On', 'ON'],
      ['Off', 'OFF'],
    ]);
  });

  it('posts to /api/iotdevices/{On|Off}/scopeId/{id}', () => {
    expect(graphOptionPath('On', 'a')).toBe('/api/iotdevices/On/scopeId/a');
    expect(graphOptionPath('Off', 'x/y')).toBe('/api/iotdevices/Off/scopeId/x%2Fy');
  });

  it('records an applied setting, replacing or adding the scope', () => {
    expect(withGraphOption(configurations, 'a', 'Off')).toEqual([
      { scopeId: 'a', graphOption: 'Off', graphGreyShadedOption: false },
      configurations[1],
    ]);
    expect(withGraphOption(configurations, 'c', 'On')).toEqual([
      ...configurations,
      { scopeId: 'c', graphOption: 'On', graphGreyShadedOption: true },
    ]);
  });

  it('says what the spec says', () => {
    expect(portalConfigMessages).toEqual({
      title: 'Manage Graph Online-Offline Feature',
      applied: 'Configuration Applied Successfully',
      failed: 'Failed to Apply Configuration',
    });
  });
});
