import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/index.ts';
import { dashboardSelection } from './dashboard-filters.ts';
import { activeFilters, filtersFrom } from './gateway-filters.ts';

beforeAll(() => initI18n('en', ['gateways']));

const ID = '2b0c3a8e-4f1d-4c2a-9d7e-1a2b3c4d5e6f';
const params = (query: string) => new URLSearchParams(query);

describe("the dashboards' filters of the gateways page", () => {
  it('keeps an empty firmware (none reported) as a filter, and sends it', () => {
    const filters = filtersFrom(params('firmware='));
    expect(activeFilters(filters)).toEqual([{ param: 'firmware', label: 'Firmware (none)' }]);
    expect(dashboardSelection(filters)).toEqual({ firmware: '' });
  });

  it('names a firmware column as every screen shows the firmware, and sends it as reported', () => {
    const filters = filtersFrom(params('firmware=20261101'));
    expect(activeFilters(filters)).toEqual([{ param: 'firmware', label: 'Firmware FW 2026-11-01' }]);
    expect(dashboardSelection(filters)).toEqual({ firmware: '20261101' });
  });

  it("names a customer's slice by its name, and a cluster's area", () => {
    const filters = filtersFrom(
      params(`tenant=${ID}&tenantName=Acme&os=Bookworm&area=2.35,48.85,2.36,48.86`),
    );
    expect(activeFilters(filters)).toEqual([
      { param: 'os', label: 'OS Bookworm' },
      { param: 'tenant', label: 'Acme' },
      { param: 'area', label: 'Map cluster area' },
    ]);
    expect(dashboardSelection(filters)).toEqual({
      os: 'Bookworm',
      tenant: ID,
      area: '2.35,48.85,2.36,48.86',
    });
  });

  it('ignores a malformed area or customer id, as if there were no filter', () => {
    const filters = filtersFrom(params('area=1,2,3&tenant=nope'));
    expect(activeFilters(filters)).toEqual([]);
    expect(dashboardSelection(filters)).toEqual({});
  });
});
