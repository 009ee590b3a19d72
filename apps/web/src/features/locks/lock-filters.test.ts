import { describe, expect, it } from 'vitest';
import { lockFilterChips, lockFiltersFrom } from './lock-filters.ts';

describe('locks list URL filters', () => {
  it('reads the Dashboard filters and labels their chips', () => {
    const filters = lockFiltersFrom(new URLSearchParams('scopeId=x&battery=low&access=failed'));
    expect(filters).toEqual({ battery: 'low', access: 'failed' });
    expect(lockFilterChips(filters)).toEqual([
      { param: 'battery', label: 'Low battery' },
      { param: 'access', label: 'Credentials failed' },
    ]);
    expect(lockFilterChips(lockFiltersFrom(new URLSearchParams('access=pending')))).toEqual([
      { param: 'access', label: 'Credentials pending' },
    ]);
  });

  it('ignores values the list does not know', () => {
    expect(lockFiltersFrom(new URLSearchParams('battery=high&access=confirmed'))).toEqual({});
    expect(lockFilterChips({})).toEqual([]);
  });
});
