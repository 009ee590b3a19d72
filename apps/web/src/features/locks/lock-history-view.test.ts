import { LOCK_HISTORY_MAX_ENTRIES, type LockHistoryEntry } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/index.ts';
import { appendLiveEntries, describeEntry, historyRange } from './lock-history-view.ts';

beforeAll(() => initI18n('en', ['locks']));

const entry = (overrides: Partial<LockHistoryEntry> = {}): LockHistoryEntry => ({
  id: 'e1',
  macId: 'AA0000000001',
  gatewayMacId: 'DE0000000001',
  TI: 1_000,
  kind: 'UNLOCKED',
  method: null,
  userId: null,
  userName: null,
  cardCSN: null,
  passcodeSlot: null,
  reason: null,
  alarm: null,
  batteryLevel: null,
  message: null,
  ...overrides,
});

describe('lock history view', () => {
  it('picks ranges ending now, the last 24 hours by default', () => {
    expect(historyRange(0, 10_000_000)).toEqual({ start: 10_000_000 - 3600_000, end: 10_000_000 });
    expect(historyRange(99, 86_400_000)).toEqual({ start: 0, end: 86_400_000 });
    expect(historyRange(0, 1_500).end).toBe(2_000);
  });

  it('says who, how, refusals and alarms', () => {
    expect(describeEntry(entry({ method: 'card', userName: 'Ada Lovelace', cardCSN: '04A1B2C3D4' }))).toEqual(
      {
        event: 'Unlocked',
        how: 'Card',
        who: 'Ada Lovelace',
        detail: '-',
      },
    );
    expect(describeEntry(entry({ method: 'card', cardCSN: '04A1B2C3D4' })).who).toBe('Card 04A1B2C3D4');
    expect(describeEntry(entry({ passcodeSlot: 3, method: 'passcode' })).who).toBe('Passcode slot 3');
    expect(
      describeEntry(entry({ kind: 'REFUSED', reason: 'OUTSIDE_SCHEDULE', batteryLevel: 40 })),
    ).toMatchObject({
      event: 'Refused',
      who: '-',
      detail: 'Outside schedule · Battery 40%',
    });
    expect(describeEntry(entry({ kind: 'ALARM', alarm: 'FORCED_OPEN' })).detail).toBe('Forced open');
    expect(
      describeEntry(entry({ kind: 'PORTAL', method: 'remote', message: 'Door Unlock Initiated' })),
    ).toMatchObject({ event: 'Portal', how: 'Remote (portal)', detail: 'Door Unlock Initiated' });
    expect(describeEntry(entry({ method: 'auto', kind: 'LOCKED' })).how).toBe('Auto-lock');
  });

  it('appends live entries once, newest first, within the range and the cap', () => {
    const shown = { entries: [entry({ id: 'a', TI: 2_000 })], truncated: false };
    const next = appendLiveEntries(
      shown,
      [entry({ id: 'b', TI: 3_000 }), entry({ id: 'a', TI: 2_000 })],
      1_000,
    );
    expect(next.entries.map((e) => e.id)).toEqual(['b', 'a']);
    expect(appendLiveEntries(next, [entry({ id: 'b', TI: 3_000 })], 1_000)).toBe(next);
    expect(appendLiveEntries(shown, [entry({ id: 'old', TI: 500 })], 1_000)).toBe(shown);
    const full = {
      entries: Array.from({ length: LOCK_HISTORY_MAX_ENTRIES }, (_, i) =>
        entry({ id: `x${i}`, TI: 10_000 - i }),
      ),
      truncated: false,
    };
    const capped = appendLiveEntries(full, [entry({ id: 'new', TI: 20_000 })], 0);
    expect(capped.entries).toHaveLength(LOCK_HISTORY_MAX_ENTRIES);
    expect(capped.entries[0]?.id).toBe('new');
    expect(capped.truncated).toBe(true);
  });
});
