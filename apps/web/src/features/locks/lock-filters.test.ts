import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/index.ts';
import english from './locales/en.json';
import { lockFilterChips, lockFiltersFrom } from './lock-filters.ts';

beforeAll(() => initI18n('en', ['locks']));

describe('locks list URL filters', () => {
  it('reads the Dashboard filters and labels their chips', () => {
    const filters = lockFiltersFrom(new URLSearchParams('scopeId=x&battery=low&access=failed'));
    expect(filters).toEqual({ battery: 'low', access: 'failed' });
    expect(lockFilterChips(filters)).toEqual([
      { param: 'battery', label: english.filters.lowBattery },
      { param: 'access', label: english.filters.failed },
    ]);
    expect(lockFilterChips(lockFiltersFrom(new URLSearchParams('access=pending')))).toEqual([
      { param: 'access', label: english.filters.pending },
    ]);
  });

  it('ignores values the list does not know', () => {
    expect(lockFiltersFrom(new URLSearchParams('battery=high&access=confirmed'))).toEqual({});
    expect(lockFilterChips({})).toEqual([]);
  });
});
