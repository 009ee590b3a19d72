import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/index.ts';
import { activeFilters, filtersFrom } from './gateway-filters.ts';

beforeAll(() => initI18n('en', ['gateways']));

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
