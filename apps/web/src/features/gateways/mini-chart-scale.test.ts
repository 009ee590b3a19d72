import { describe, expect, it } from 'vitest';
import { miniChartScale, scaleLabel } from './mini-chart-scale.ts';
import { polylinePoints } from './sensor-groups.ts';

describe('mini-chart scale', () => {
  it('draws CPU and memory on fixed ranges, so 19 % CPU is low and its changes are small', () => {
    expect(miniChartScale('CP', [18, 19.5, 21, 19])).toEqual([0, 100]);
    expect(miniChartScale('MM', [400, 420])).toEqual([0, 1000]);
    // Within a 100 px chart, 18 -> 21 % moves the line 3 px, not the chart's height.
    const ys = polylinePoints([18, 21], 200, 100, [0, 100])
      .split(' ')
      .map((point) => Number(point.split(',')[1]));
    expect(Math.abs((ys[0] ?? 0) - (ys[1] ?? 0))).toBeCloseTo(3, 5);
  });

  it('widens the range to a value outside it, to a round number', () => {
    expect(miniChartScale('CO2', [600, 2600])).toEqual([0, 3000]);
    expect(miniChartScale('TEMP', [-3.2, 20])).toEqual([-4, 40]);
    expect(miniChartScale('CP', [18, 100])).toEqual([0, 100]);
  });

  it('has a range for every card reading', () => {
    for (const key of ['CO2', 'TEMP', 'CO', 'NH3', 'NO2', 'RSTC', 'TVOC', 'CP', 'MM'] as const) {
      const [low, high] = miniChartScale(key, []);
      expect(high).toBeGreaterThan(low);
    }
  });

  it('labels the scale briefly', () => {
    expect(scaleLabel(200_000)).toBe('200k');
    expect(scaleLabel(1500)).toBe('1.5k');
    expect(scaleLabel(100)).toBe('100');
    expect(scaleLabel(0)).toBe('0');
  });
});
