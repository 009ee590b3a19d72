import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n/index.ts';
import {
  DIAGNOSTIC_SECTION_TITLES,
  diagnosticSections as sectionsIn,
  formatUptime as uptimeIn,
} from './diagnostic-sections.ts';

beforeAll(() => initI18n('en', ['instructions']));
const english = () => i18n.getFixedT('en', 'instructions');
const diagnosticSections = (value: unknown) => sectionsIn(value, english());
const formatUptime = (seconds: unknown) => uptimeIn(seconds, english());
const byTitle = (value: unknown) =>
  Object.fromEntries(diagnosticSections(value).map((section) => [section.title, section]));

describe('diagnostic sections', () => {
  it('shows the four sections of the spec in order', () => {
    expect(diagnosticSections({}).map((section) => section.title)).toEqual([...DIAGNOSTIC_SECTION_TITLES]);
    expect(DIAGNOSTIC_SECTION_TITLES).toEqual([
      'Network Info',
      'Gateway Firmware',
      'Memory Info',
      'Gateway OS',
    ]);
  });

  it("shows the gateway's section texts, with uptime and engine state beside them", () => {
    const sections = byTitle({
      'Network Info': 'Wi-Fi, signal level 3',
      'Gateway Firmware': 'v2024-05-12',
      'Memory Info': '512 MB used, CPU 14 %',
      'Gateway OS': '5.10.17',
      uptimeSeconds: 5400,
      currentState: 'IdleState',
    });
    expect(sections['Network Info']).toEqual({
      title: 'Network Info',
      summary: 'Wi-Fi, signal level 3',
      details: [],
    });
    expect(sections['Gateway Firmware']).toMatchObject({
      summary: 'FW 2024-05-12',
      details: [{ label: 'Engine state', value: 'IdleState' }],
    });
    expect(sections['Memory Info']?.summary).toBe('512 MB used, CPU 14 %');
    expect(sections['Gateway OS']).toMatchObject({
      summary: '5.10.17',
      details: [{ label: 'Uptime', value: '1 h 30 min' }],
    });
  });

  it('builds the texts from the raw figures when the gateway sends only those', () => {
    const sections = byTitle({ NW: 2, SS: 5, FW: 'v2025-01-02', MM: 384.018, CP: 10.654, OS: 'Raspbian 11' });
    expect(Object.values(sections).map((section) => section.summary)).toEqual([
      'Ethernet, signal level 5',
      'FW 2025-01-02',
      '384.02 MB used, CPU 10.65 %',
      'Raspbian 11',
    ]);
    expect(byTitle({ NW: 0 })['Network Info']?.summary).toBe('LTE');
    expect(byTitle({ MM: 12 })['Memory Info']?.summary).toBe('12 MB used');
  });

  it('shows - for a missing or malformed section', () => {
    for (const value of ['not an object', null, { NW: 7, MM: 'lots', 'Gateway OS': '  ' }]) {
      expect(diagnosticSections(value).every((section) => section.summary === '-')).toBe(true);
    }
  });

  it('formats the uptime in days, hours and minutes', () => {
    expect(formatUptime(59)).toBe('0 min');
    expect(formatUptime(90_061)).toBe('1 d 1 h 1 min');
    expect(formatUptime(-1)).toBeNull();
    expect(formatUptime('5400')).toBeNull();
  });

  it('speaks German when German is shown', async () => {
    await i18n.loadLanguages('de');
    const german = i18n.getFixedT('de', 'instructions');
    expect(uptimeIn(90_061, german)).toBe('1 T. 1 Std. 1 Min.');
    expect(sectionsIn({ NW: 1, SS: 3 }, german)[0]?.summary).toBe('Wi-Fi, Signalstärke 3');
    expect(german(`diagnostics.sections.${DIAGNOSTIC_SECTION_TITLES[2]}`)).toBe('Speicher');
  });
});
