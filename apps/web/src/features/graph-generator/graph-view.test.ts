import type { GraphResponse } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { aggregationLabel, hasData, overridesFrom, rangeLabel } from './graph-view.ts';

type Chart = Extract<GraphResponse, { status: 'chart' }>;

const understood: Chart['understood'] = {
  metric: 'co2',
  gateways: [{ mac: 'DE0000000003', name: 'Demo Gateway 3' }],
  gatewaysLabel: 'Demo Gateway 3',
  range: {
    fromTime: new Date(2026, 10, 18, 14, 30).getTime(),
    toTime: new Date(2026, 10, 25, 14, 30).getTime(),
    label: 'last week',
  },
  aggregation: 'avg',
  interval: 'hour',
  groupBy: 'gateway',
  condition: null,
};

describe('graph generator view rules', () => {
  it('names the aggregation as a person would', () => {
    expect(aggregationLabel('avg', 'hour')).toBe('hourly average');
    expect(aggregationLabel('max', 'day')).toBe('daily maximum');
    expect(aggregationLabel('none', 'auto')).toBe('readings');
  });

  it('shows the range with its local times', () => {
    expect(rangeLabel(understood.range)).toBe('last week (2026-11-18 14:30 – 2026-11-25 14:30)');
  });

  it('sends the whole query with the edited chip', () => {
    expect(overridesFrom(understood, { metric: 'temp' })).toEqual({
      metric: 'temp',
      gateways: ['DE0000000003'],
      range: { fromTime: understood.range.fromTime, toTime: understood.range.toTime },
      aggregation: 'avg',
      interval: 'hour',
      groupBy: 'gateway',
      condition: null,
    });
  });

  it('has no data when every line is empty or all gaps', () => {
    const chart = (points: { TI: number; value: number | null }[]): Chart => ({
      status: 'chart',
      understood,
      unit: 'ppm',
      axis: { fromTime: 0, toTime: 1 },
      series: [{ label: 'Demo Gateway 3', macs: ['DE0000000003'], points }],
      note: null,
    });
    expect(hasData(chart([]))).toBe(false);
    expect(hasData(chart([{ TI: 1, value: null }]))).toBe(false);
    expect(hasData(chart([{ TI: 1, value: 500 }]))).toBe(true);
  });
});
