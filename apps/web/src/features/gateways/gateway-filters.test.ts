import { describe, expect, it } from 'vitest';
import { activeFilters, filtersFrom, matchesFilters } from './gateway-filters.ts';

const params = (query: string) => new URLSearchParams(query);

describe('filtersFrom', () => {
  it('reads status, enrollment and name', () => {
    expect(filtersFrom(params('status=offline&enrollment=registered&name=%20Hall%20'))).toEqual({
      status: 'offline',
      enrollment: 'registered',
      name: 'Hall',
    });
  });

  it('ignores unknown values and blank names', () => {
    expect(filtersFrom(params('status=broken&enrollment=maybe&name=%20'))).toEqual({
      status: null,
      enrollment: null,
      name: null,
    });
  });
});

describe('activeFilters', () => {
  it('lists a chip per filter with the parameter its remove icon clears', () => {
    expect(activeFilters({ status: 'online', enrollment: 'unregistered', name: 'Hall' })).toEqual([
      { param: 'status', label: 'Online' },
      { param: 'enrollment', label: 'Unregistered' },
      { param: 'name', label: 'Hall' },
    ]);
    expect(activeFilters({ status: null, enrollment: null, name: null })).toEqual([]);
  });
});

describe('matchesFilters', () => {
  const gateway = { name: 'Hall', deviceStatus: 'online', REG: 1 };
  const none = { status: null, enrollment: null, name: null };

  it('keeps everything without filters', () => {
    expect(matchesFilters(gateway, none)).toBe(true);
  });

  it('filters by status', () => {
    expect(matchesFilters(gateway, { ...none, status: 'online' })).toBe(true);
    expect(matchesFilters(gateway, { ...none, status: 'offline' })).toBe(false);
  });

  it('filters by enrollment (REG 1 registered, 0 unregistered)', () => {
    expect(matchesFilters(gateway, { ...none, enrollment: 'registered' })).toBe(true);
    expect(matchesFilters(gateway, { ...none, enrollment: 'unregistered' })).toBe(false);
    expect(matchesFilters({ ...gateway, REG: 0 }, { ...none, enrollment: 'unregistered' })).toBe(true);
  });

  it('filters by the exact name, ignoring case', () => {
    expect(matchesFilters(gateway, { ...none, name: 'hall' })).toBe(true);
    expect(matchesFilters(gateway, { ...none, name: 'Hal' })).toBe(false);
  });
});
