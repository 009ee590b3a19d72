import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../lib/i18n/index.ts';
import {
  AVATAR_PALETTE,
  avatarColor,
  avatarInitial,
  onlineTotal,
  textOrDash,
  versionMismatchText,
} from './customer-display.ts';

// The warning's words come from the catalogue (English first).
beforeAll(() => initI18n('en', ['tenants']));

describe('textOrDash and onlineTotal', () => {
  it('shows a dash for an empty text', () => {
    expect(textOrDash(null)).toBe('-');
    expect(textOrDash(' ')).toBe('-');
    expect(textOrDash('Raspbian 12')).toBe('Raspbian 12');
  });

  it('shows online / total', () => {
    expect(onlineTotal({ onlineDevicesCount: 2, totalDevicesCount: 5 })).toBe('2 / 5');
  });
});

describe('avatarColor', () => {
  it('is one of the palette colours and the same for the same name every time', () => {
    const color = avatarColor('Acme Corp');
    expect(AVATAR_PALETTE).toContain(color);
    expect(avatarColor('Acme Corp')).toBe(color);
    expect(avatarColor('  Acme Corp ')).toBe(color);
  });

  it('differs between names', () => {
    expect(avatarColor('Acme')).not.toBe(avatarColor('Globex'));
    const names = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Tyrell'];
    expect(new Set(names.map(avatarColor)).size).toBeGreaterThan(3);
  });
});

describe('avatarInitial', () => {
  it('is the first character, upper-cased', () => {
    expect(avatarInitial('acme')).toBe('A');
    expect(avatarInitial('  émile')).toBe('É');
    expect(avatarInitial('')).toBe('?');
  });
});

describe('versionMismatchText', () => {
  it('counts the gateways that differ from their assigned versions, singular and plural', () => {
    expect(versionMismatchText({ versionMismatchCount: 2 })).toBe('2 gateways differ from assigned');
    expect(versionMismatchText({ versionMismatchCount: 1 })).toBe('1 gateway differs from assigned');
  });

  it('says nothing when none differ or the count is not sent', () => {
    expect(versionMismatchText({ versionMismatchCount: 0 })).toBeNull();
    expect(versionMismatchText({})).toBeNull();
  });

  it('says it in German once German is shown', async () => {
    await changeLanguage('de');
    expect(versionMismatchText({ versionMismatchCount: 2 })).toBe('2 Gateways weichen von der Zuweisung ab');
    expect(versionMismatchText({ versionMismatchCount: 1 })).toBe('1 Gateway weicht von der Zuweisung ab');
    await changeLanguage('en');
  });
});
