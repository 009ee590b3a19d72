import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/index.ts';
import {
  cardSignalLevel,
  daysSince,
  hasCamera,
  hotspotState,
  locationLabel,
  networkKind,
  networkLabel,
  truncateLabel,
} from './card-rules.ts';

beforeAll(() => initI18n('en', ['gateways']));

describe('truncateLabel', () => {
  it('keeps a name of 17 characters whole', () => {
    expect(truncateLabel('ABCDEFGHIJKLMNOPQ')).toBe('ABCDEFGHIJKLMNOPQ');
  });

  it('cuts a name of 18 characters after 9', () => {
    expect(truncateLabel('ABCDEFGHIJKLMNOPQR')).toBe('ABCDEFGHI...');
  });

  it('keeps short names and MACs whole', () => {
    expect(truncateLabel('DE0000000001')).toBe('DE0000000001');
    expect(truncateLabel('')).toBe('');
  });
});

describe('network', () => {
  it('reads NW 1 as Wi-fi, 0 as LTE, 2 as Ethernet, anything else as unknown', () => {
    expect(networkKind(1)).toBe('wifi');
    expect(networkKind(0)).toBe('lte');
    expect(networkKind(2)).toBe('ethernet');
    expect(networkKind(3)).toBeNull();
    expect(networkKind(null)).toBeNull();
  });

  it('shows LTE signal levels 0 to 3, higher levels as 3', () => {
    expect(cardSignalLevel(0)).toBe(0);
    expect(cardSignalLevel(2)).toBe(2);
    expect(cardSignalLevel(3)).toBe(3);
    expect(cardSignalLevel(5)).toBe(3);
    expect(cardSignalLevel(null)).toBe(0);
    expect(cardSignalLevel(-1)).toBe(0);
  });

  it('names the icon', () => {
    expect(networkLabel(1, 4)).toBe('Wi-fi');
    expect(networkLabel(2, 5)).toBe('Ethernet');
    expect(networkLabel(0, 4)).toBe('LTE signal level 3');
    expect(networkLabel(0, 1)).toBe('LTE signal level 1');
    expect(networkLabel(null, 1)).toBeNull();
  });
});

describe('hotspotState', () => {
  it('is enabled when HS is 1', () => {
    expect(hotspotState({ HS: 1, HSIPRC: 0 })).toEqual({
      label: 'Hotspot Enabled',
      enabled: true,
      blinking: false,
    });
  });

  it('is enabled and blinking while a change is in progress', () => {
    expect(hotspotState({ HS: 0, HSIPRC: 1 })).toEqual({
      label: 'Hotspot Enabled',
      enabled: true,
      blinking: true,
    });
  });

  it('is disabled otherwise', () => {
    expect(hotspotState({ HS: 0, HSIPRC: 0 })).toEqual({
      label: 'Hotspot Disabled',
      enabled: false,
      blinking: false,
    });
    expect(hotspotState({ HS: null, HSIPRC: null }).label).toBe('Hotspot Disabled');
  });
});

describe('location and camera', () => {
  it("says 'Location' only when both LAT and LNG exist", () => {
    expect(locationLabel({ LAT: 52.1, LNG: 4.3 })).toBe('Location');
    expect(locationLabel({ LAT: 0, LNG: 0 })).toBe('Location');
    expect(locationLabel({ LAT: 52.1 })).toBe('No Location');
    expect(locationLabel({ LNG: 4.3 })).toBe('No Location');
    expect(locationLabel(null)).toBe('No Location');
  });

  it('has a camera only with CMS 1', () => {
    expect(hasCamera(1)).toBe(true);
    expect(hasCamera(0)).toBe(false);
    expect(hasCamera(null)).toBe(false);
  });
});

describe('daysSince', () => {
  const now = new Date(2025, 5, 15, 9, 0, 0);

  it('says Today, Yesterday or N Days by calendar day', () => {
    expect(daysSince(new Date(2025, 5, 15, 0, 5).getTime(), now)).toBe('Today');
    expect(daysSince(new Date(2025, 5, 14, 23, 55).getTime(), now)).toBe('Yesterday');
    expect(daysSince(new Date(2025, 5, 13, 12, 0).getTime(), now)).toBe('2 Days');
    expect(daysSince(new Date(2025, 4, 16, 12, 0).getTime(), now)).toBe('30 Days');
  });

  it("shows '-' without a time", () => {
    expect(daysSince(null, now)).toBe('-');
    expect(daysSince(undefined, now)).toBe('-');
  });
});
