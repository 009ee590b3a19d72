import type { Scope } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../lib/csv.ts';
import { customersCsv } from './customers-csv.ts';

const customer = (overrides: Partial<Scope>): Scope => ({
  id: 'x',
  name: 'Acme',
  customerId: 'ACME',
  kind: 'customer',
  emailDomain: null,
  parent: null,
  ancestors: [],
  primaryThemeColor: '#4190c7',
  secondaryThemeColor: '#B0BF5D',
  logoUrl: null,
  favIconUrl: null,
  status: 'Active',
  firmwareVersion: null,
  osVersion: null,
  osPatch: null,
  onlineDevicesCount: 0,
  totalDevicesCount: 0,
  dashboardVariant: 'fleet',
  ...overrides,
});

describe('customers CSV', () => {
  it('neutralises every cell a spreadsheet would read as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes per RFC 4180 only what needs it', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('has the header row and one CRLF-ended row per customer, the firmware as the list shows it', () => {
    const csv = customersCsv([
      customer({ name: 'Acme, Inc', customerId: 'A1', firmwareVersion: 'v2024-01-02', osVersion: '5.1' }),
      customer({ name: 'Bolt', customerId: '=1+1', firmwareVersion: 'build 7', osPatch: 'p3' }),
    ]);
    expect(csv).toBe(
      '\uFEFFname,customerId,gatewayFirmware,gatewayOS,partialOS\r\n"Acme, Inc",A1,FW 2024-01-02,5.1,\r\nBolt,\'=1+1,build 7,,p3\r\n',
    );
  });
});
