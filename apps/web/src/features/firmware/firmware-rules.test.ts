import { FIRMWARE_INVALID_NAME, FIRMWARE_RULES, type FileStore } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  applyDelayMs,
  applySummary,
  canApply,
  canDelete,
  checkChosenFile,
  filterCustomers,
} from './firmware-rules.ts';

const file = (version: string): FileStore => ({
  id: version,
  version,
  date: '2024-01-01T00:00:00.000Z',
  description: '',
  type: 'RASPI',
  name: 'Generic',
  fileName: 'x',
  size: 1,
  sha256: 'a',
});

describe('firmware page rules', () => {
  it('enables APPLY with exactly one version and a customer, DELETE with any version', () => {
    expect(canApply(1, 1)).toBe(true);
    expect(canApply(0, 1)).toBe(false);
    expect(canApply(2, 1)).toBe(false);
    expect(canApply(1, 0)).toBe(false);
    expect(canDelete(0)).toBe(false);
    expect(canDelete(1)).toBe(true);
  });

  it('reads the version from the name, refusing bad names, existing versions and downgrades', () => {
    const name = 'CRB_mdm-agent_Generic_iot.2024-05-17_PROD.cpython-39.pyc';
    expect(checkChosenFile('firmware', name, [], [])).toEqual({ version: '20240517', problem: null });
    expect(checkChosenFile('firmware', name.replace('05-17', '02-30'), [], []).problem).toBe(
      FIRMWARE_INVALID_NAME,
    );
    expect(checkChosenFile('firmware', name, [file('20240517')], []).problem).toBe(
      FIRMWARE_RULES.firmware.messages.exists,
    );
    expect(checkChosenFile('firmware', name, [], [file('20240517')]).problem).toBe(
      FIRMWARE_RULES.firmware.messages.downgrade,
    );
    expect(checkChosenFile('firmware', name, [], [file('20240516'), undefined]).problem).toBeNull();
    expect(checkChosenFile('customerFw', 'Customer_firmware_V12.3.zip', [], [])).toEqual({
      version: '12.3',
      problem: null,
    });
    expect(checkChosenFile('osPatch', 'Generic_iot_partial_update_prod_V01.02.zip', [], []).version).toBe(
      '01.02',
    );
  });

  it('sums up an apply with the spec texts', () => {
    expect(applySummary('osPatch', [{ customer: 'A', ok: true }]).text).toBe(
      'Successfully applied OS Patch for A',
    );
    expect(applySummary('osPatch', [{ customer: 'A', ok: false }]).text).toBe(
      'Failed to apply OS Patch for A',
    );
    expect(
      applySummary('customerFw', [
        { customer: 'A', ok: true },
        { customer: 'B', ok: true },
      ]).text,
    ).toBe('Customer FW applied for 2 tenants');
    expect(
      applySummary('customerFw', [
        { customer: 'A', ok: true },
        { customer: 'B', ok: false },
      ]).text,
    ).toBe('Customer FW applied for 1 tenants and failed to apply for 1 tenants');
  });

  it('staggers requests 500 ms apart after 1 s, and searches names ignoring case and spaces', () => {
    expect([0, 1, 2].map((i) => applyDelayMs(i))).toEqual([1000, 1500, 2000]);
    expect(filterCustomers([{ name: 'Acme Corp' }, { name: 'Bolt' }], 'acmec')).toEqual([
      { name: 'Acme Corp' },
    ]);
  });
});
