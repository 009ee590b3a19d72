import { describe, expect, it } from 'vitest';
import { scannedLocksCsv } from './scanned-locks-csv.ts';

describe('ScannedData.csv', () => {
  it('has a header and one row per lock of the last scan, RSSI as a number', () => {
    const csv = scannedLocksCsv({
      ti: Date.UTC(2025, 0, 2, 3, 4, 5),
      locks: [
        { MAC: 'A4C138F00A01', name: 'Lock-0A01', RSSI: -61 },
        { MAC: 'A4C138F00A02', RSSI: -80 },
      ],
    });
    expect(csv).toBe(
      '\uFEFFLock Name,MAC,RSSI,Time\r\n' +
        'Lock-0A01,A4C138F00A01,-61,2025-01-02T03:04:05.000Z\r\n' +
        'A4C138F00A02,A4C138F00A02,-80,2025-01-02T03:04:05.000Z\r\n',
    );
  });

  it('neutralises a name a spreadsheet would read as a formula', () => {
    const csv = scannedLocksCsv({ ti: 0, locks: [{ MAC: 'A4C138F00A01', name: '@SUM', RSSI: -1 }] });
    expect(csv.split('\r\n')[1]).toBe("'@SUM,A4C138F00A01,-1,1970-01-01T00:00:00.000Z");
  });

  it('is only the header without a scan', () => {
    expect(scannedLocksCsv(null)).toBe('\uFEFFLock Name,MAC,RSSI,Time\r\n');
  });
});
