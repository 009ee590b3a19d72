import type { GraphResponse } from '@portal/contract';
import { GRAPH_THRESHOLD_MESSAGE } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  aggregationLabel,
  groupingLabel,
  hasData,
  overridesFrom,
  rangeLabel,
  thresholdFrom,
  thresholdLabel,
} from './graph-view.ts';

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

describe('grouping and threshold chips', () => {
  it('names the grouping and the threshold', () => {
    expect(groupingLabel('gateway')).toBe('one per gateway');
    expect(groupingLabel('all')).toBe('one for all gateways');
    expect(thresholdLabel(null, 'ppm')).toBe('none');
    expect(thresholdLabel({ op: '>', value: 1200 }, 'ppm')).toBe('above 1200 ppm');
    expect(thresholdLabel({ op: '<', value: -5 }, '°C')).toBe('below -5 °C');
  });

  it('takes a threshold from -1000000 to 1000000, as the server does', () => {
    expect(thresholdFrom('>', ' 1200 ')).toEqual({ condition: { op: '>', value: 1200 } });
    expect(thresholdFrom('<', '-1000000')).toEqual({ condition: { op: '<', value: -1000000 } });
    expect(thresholdFrom('>', '1000000')).toEqual({ condition: { op: '>', value: 1000000 } });
    for (const text of ['1000001', '-1000001', '', 'abc', '12x']) {
      expect(thresholdFrom('>', text)).toEqual({ error: GRAPH_THRESHOLD_MESSAGE });
    }
  });
});
