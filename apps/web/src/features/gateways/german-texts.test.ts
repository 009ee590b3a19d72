import { beforeAll, describe, expect, it } from 'vitest';
import { testGateway } from '../../api/test-gateway.ts';
import { formatReading } from '../../components/gateway-display.ts';
import { initI18n } from '../../lib/i18n/index.ts';
import { daysSince, hotspotState, locationLabel, networkLabel } from './card-rules.ts';
import { activeFilters, filtersFrom } from './gateway-filters.ts';
import { mismatchText, mismatchTitle, versionMismatches } from './version-mismatch.ts';

beforeAll(() => initI18n('de', ['gateways']));

describe('the gateway cards and list in German', () => {
  it('say the days since, the icons and a reading in German', () => {
    const now = new Date(2025, 5, 15, 12, 0);
    expect(daysSince(new Date(2025, 5, 15, 8, 0).getTime(), now)).toBe('Heute');
    expect(daysSince(new Date(2025, 5, 14, 8, 0).getTime(), now)).toBe('Gestern');
    expect(daysSince(new Date(2025, 5, 12, 8, 0).getTime(), now)).toBe('3 Tage');
    expect(hotspotState({ HS: 1 }).label).toBe('Hotspot aktiviert');
    expect(locationLabel(null)).toBe('Kein Standort');
    expect(networkLabel(0, 2)).toBe('LTE-Signalstärke 2');
    expect(formatReading(21.5)).toBe('21,5');
    expect(formatReading(1200)).toBe('1200');
  });

  it('name the version markers and the banner filters in German', () => {
    const [firmware] = versionMismatches(
      testGateway('A1', { firmware: 'v2024-05-12', assignedFirmware: '20250304' }),
    );
    expect(mismatchText(firmware!, true)).toBe('Zugewiesen FW 2025-03-04');
    expect(mismatchTitle(firmware!)).toBe(
      'Firmware weicht von der zugewiesenen FW 2025-03-04 ab (meldet FW 2024-05-12)',
    );
    expect(activeFilters(filtersFrom(new URLSearchParams('status=offline&enrollment=unregistered')))).toEqual(
      [
        { param: 'status', label: 'Offline' },
        { param: 'enrollment', label: 'Nicht registriert' },
      ],
    );
  });
});
