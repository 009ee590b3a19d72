import { eventsMessage } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { alertTransitions } from './events.ts';

const TI = Date.UTC(2025, 0, 1);

describe('alertTransitions', () => {
  it('raises a high alert once when CO2 crosses 2000 ppm, and a normal one when it falls back', () => {
    const high = alertTransitions({}, { TI, CO2: 2300 });
    expect(high.alerts).toEqual([{ nme: 'CO2 High', val: 2300, sr: 'CO2', alrt: 1 }]);
    expect(eventsMessage.safeParse({ TI, SA: high.alerts }).success).toBe(true);

    expect(alertTransitions(high.levels, { TI, CO2: 2400 }).alerts).toEqual([]);
    expect(alertTransitions(high.levels, { TI, CO2: 1700 }).alerts).toEqual([]);
    const normal = alertTransitions(high.levels, { TI, CO2: 900 });
    expect(normal.alerts).toEqual([{ nme: 'CO2 Normal', val: 900, sr: 'CO2', alrt: 2 }]);
    expect(normal.levels.CO2).toBe('normal');
  });

  it('tracks CPU bursts separately and ignores missing sensors', () => {
    const result = alertTransitions({}, { TI, CP: 91 });
    expect(result.alerts).toEqual([{ nme: 'CPU Usage High', val: 91, sr: 'CP', alrt: 1 }]);
    expect(alertTransitions({}, { TI }).alerts).toEqual([]);
  });
});
