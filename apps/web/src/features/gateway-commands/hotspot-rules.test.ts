import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/index.ts';
import { hotspotQuestion, hotspotToggle } from './hotspot-rules.ts';

beforeAll(() => initI18n('en', ['gateway-commands']));

describe('hotspot toggle', () => {
  it('switches an online, idle hotspot to the other state', () => {
    expect(hotspotToggle({ deviceStatus: 'online', HS: 0, HSIPRC: 0 })).toEqual({ blocked: null, target: 1 });
    expect(hotspotToggle({ deviceStatus: 'online', HS: 1, HSIPRC: null })).toEqual({
      blocked: null,
      target: 0,
    });
    expect(hotspotToggle({ deviceStatus: 'online', HS: null, HSIPRC: null })).toEqual({
      blocked: null,
      target: 1,
    });
  });

  it('refuses an offline gateway and a change in progress', () => {
    expect(hotspotToggle({ deviceStatus: 'offline', HS: 0, HSIPRC: 0 }).blocked).toBe(
      'Gateway is offline...',
    );
    expect(hotspotToggle({ deviceStatus: 'online', HS: 1, HSIPRC: 1 }).blocked).toBe(
      'A hotspot change is already in progress',
    );
  });

  it('asks about the state it switches to', () => {
    expect(hotspotQuestion('Lobby', 1)).toBe('Are you sure you want to turn the hotspot of Lobby ON?');
    expect(hotspotQuestion('Lobby', 0)).toBe('Are you sure you want to turn the hotspot of Lobby OFF?');
  });
});
