import { describe, expect, it } from 'vitest';
import { matchesGatewaySearch, type SearchableGateway } from './gateway-search.ts';

const gateway: SearchableGateway = {
  name: 'Warehouse North',
  macId: 'DE0000000001',
  firmware: 'v2024-05-12',
  OSversion: '6.1.21',
  deviceStatus: 'online',
};

describe('matchesGatewaySearch', () => {
  it('finds by name ignoring case and spaces', () => {
    expect(matchesGatewaySearch(gateway, 'warehousenorth')).toBe(true);
    expect(matchesGatewaySearch(gateway, '  WARE house  ')).toBe(true);
  });

  it('finds by MAC, firmware (raw or as shown), OS version and status', () => {
    expect(matchesGatewaySearch(gateway, 'de00 0000 0001')).toBe(true);
    expect(matchesGatewaySearch(gateway, 'V2024-05')).toBe(true);
    expect(matchesGatewaySearch(gateway, 'fw 2024-05-12')).toBe(true);
    expect(matchesGatewaySearch(gateway, '6.1.2')).toBe(true);
    expect(matchesGatewaySearch(gateway, 'ONLINE')).toBe(true);
  });

  it('does not match other text', () => {
    expect(matchesGatewaySearch(gateway, 'offline')).toBe(false);
    expect(matchesGatewaySearch(gateway, 'south')).toBe(false);
  });

  it('matches everything with an empty or blank search', () => {
    expect(matchesGatewaySearch(gateway, '')).toBe(true);
    expect(matchesGatewaySearch(gateway, '   ')).toBe(true);
  });

  it('handles a gateway without firmware or OS version', () => {
    const bare = { ...gateway, firmware: null, OSversion: null };
    expect(matchesGatewaySearch(bare, 'fw')).toBe(false);
    expect(matchesGatewaySearch(bare, 'north')).toBe(true);
  });
});
