import { describe, expect, it } from 'vitest';
import english from './locales/en.json';
import { PASSCODE_HISTORY_COLUMNS, passcodeHistoryPageSize } from './passcode-history.ts';

describe('passcode history', () => {
  it('pages by 25, 50 or 100, 25 unless one of them is remembered', () => {
    expect(passcodeHistoryPageSize(undefined)).toBe(25);
    expect(passcodeHistoryPageSize(50)).toBe(50);
    expect(passcodeHistoryPageSize(100)).toBe(100);
    expect(passcodeHistoryPageSize(10)).toBe(25);
  });

  it('shows the spec columns, the MAC for an unnamed lock and - for the unknown', () => {
    const change = {
      id: 'c1',
      lockMacId: 'A4C138F00A01',
      lockName: null,
      lockSerialNumber: null,
      lastUpdated: 1_700_000_000_000,
      oldPasscode: null,
      newPasscode: '482913',
      passcodeType: 'USER',
    };
    expect(PASSCODE_HISTORY_COLUMNS.map((c) => english.passcodeHistory[c.id])).toEqual([
      'Lock Name',
      'Lock Serial Number',
      'Last Updated',
      'Old Passcode',
      'New Passcode',
      'Passcode Type',
    ]);
    const cells = PASSCODE_HISTORY_COLUMNS.map((c) => c.cell(change));
    expect(cells[0]).toBe('A4C138F00A01');
    expect(cells[1]).toBe('-');
    expect(cells[3]).toBe('-');
    expect(cells[4]).toBe('482913');
    expect(cells[5]).toBe('USER');
  });
});
