import { beforeAll, describe, expect, it } from 'vitest';
import { testGateway } from '../../api/test-gateway.ts';
import { initI18n } from '../../lib/i18n/index.ts';
import {
  mismatchLabel,
  mismatchText,
  mismatchTitle,
  sameVersion,
  versionMismatches,
} from './version-mismatch.ts';

beforeAll(() => initI18n('en', ['gateways']));

describe('versionMismatches', () => {
  it('marks nothing when nothing is assigned', () => {
    expect(versionMismatches(testGateway('A1'))).toEqual([]);
    expect(versionMismatches(testGateway('A1', { assignedFirmware: null, assignedOSversion: '  ' }))).toEqual(
      [],
    );
  });

  it('marks nothing when the gateway reports the assigned versions', () => {
    const gateway = testGateway('A1', {
      firmware: '20250304',
      assignedFirmware: '20250304',
      OSversion: '01.02',
      assignedOSversion: '01.02',
      customerFw: '03.2',
      assignedCustomerFw: '03.2',
    });
    expect(versionMismatches(gateway)).toEqual([]);
  });

  it('takes a dated firmware report for the date version of its file name', () => {
    expect(sameVersion('firmware', 'v2025-03-04', '20250304')).toBe(true);
    expect(sameVersion('firmware', 'v2025-03-05', '20250304')).toBe(false);
    expect(sameVersion('os', 'V01.02', '01.02')).toBe(true);
    // Dashes count outside firmware.
    expect(sameVersion('os', '01-02', '0102')).toBe(false);
  });

  it('marks each version that differs, with both versions', () => {
    const gateway = testGateway('A1', {
      firmware: 'v2024-05-12',
      assignedFirmware: '20250304',
      OSversion: '5.15.1',
      assignedOSversion: '01.02',
      customerFw: '03.2',
      assignedCustomerFw: '03.2',
    });
    const marks = versionMismatches(gateway);
    expect(marks.map((m) => [m.kind, m.reported, m.assigned])).toEqual([
      ['firmware', 'v2024-05-12', '20250304'],
      ['os', '5.15.1', '01.02'],
    ]);
    expect(marks.map(mismatchLabel)).toEqual([
      'Firmware differs from assigned FW 2025-03-04',
      'OS differs from assigned 01.02',
    ]);
    expect(mismatchTitle(marks[0]!)).toBe(
      'Firmware differs from assigned FW 2025-03-04 (reports FW 2024-05-12)',
    );
    expect(marks.map((m) => mismatchText(m, true))).toEqual(['Assigned FW 2025-03-04', 'OS assigned 01.02']);
    expect(marks.map((m) => mismatchText(m, false))).toEqual(['Assigned FW 2025-03-04', 'Assigned 01.02']);
  });

  it('marks an assigned version the gateway never reported', () => {
    const marks = versionMismatches(testGateway('A1', { customerFw: null, assignedCustomerFw: '03.2' }));
    expect(marks).toHaveLength(1);
    expect(mismatchTitle(marks[0]!)).toBe('Customer app differs from assigned 03.2 (reports nothing)');
  });
});
