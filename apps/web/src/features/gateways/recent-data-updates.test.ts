import { describe, expect, it } from 'vitest';
import { applySamplesToRecentData } from './recent-data-updates.ts';

const T0 = 1_750_000_000_000;
const MAC_A = 'AABBCCDDEE01';
const MAC_B = 'AABBCCDDEE02';

describe('applySamplesToRecentData', () => {
  it('adds new samples to the gateway the answer asked for', () => {
    const data = { [MAC_A]: [{ TI: T0, CO2: 400 }] };
    const next = applySamplesToRecentData(data, [MAC_A], {
      macId: MAC_A,
      samples: [{ TI: T0 + 5000, CO2: 410 }],
    });
    expect(next[MAC_A]).toEqual([
      { TI: T0, CO2: 400 },
      { TI: T0 + 5000, CO2: 410 },
    ]);
  });

  it('starts a series for an asked gateway that had no samples yet', () => {
    const next = applySamplesToRecentData({}, [MAC_A], { macId: MAC_A, samples: [{ TI: T0, CO2: 1 }] });
    expect(next[MAC_A]).toEqual([{ TI: T0, CO2: 1 }]);
  });

  it('keeps the same answer for another gateway or a malformed message', () => {
    const data = { [MAC_A]: [] };
    expect(applySamplesToRecentData(data, [MAC_A], { macId: MAC_B, samples: [{ TI: T0 }] })).toBe(data);
    expect(applySamplesToRecentData(data, [MAC_A], { macId: MAC_A, samples: [] })).toBe(data);
    expect(applySamplesToRecentData(data, [MAC_A], { samples: 'x' })).toBe(data);
  });
});
