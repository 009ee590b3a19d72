import type { GraphResponse } from '@portal/contract';
import { GRAPH_THRESHOLD_MESSAGE } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  aggregationLabel,
  chartLines,
  groupingLabel,
  hasData,
  metricsLabel,
  overridesFrom,
  rangeLabel,
  seriesTitle,
  thresholdFrom,
  thresholdLabel,
} from './graph-view.ts';

type Chart = Extract<GraphResponse, { status: 'chart' }>;

const understood: Chart['understood'] = {
  metric: 'co2',
  metrics: ['co2'],
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
      metrics: ['temp'],
      gateways: ['DE0000000003'],
      range: { fromTime: understood.range.fromTime, toTime: understood.range.toTime },
      aggregation: 'avg',
      interval: 'hour',
      groupBy: 'gateway',
      condition: null,
    });
  });

  it('has no data when every line is empty or all gaps', () => {
    const chart = (points: { TI: number; value: number | null }[]): Chart => {
      const series = [{ label: 'Demo Gateway 3', macs: ['DE0000000003'], points }];
      return {
        status: 'chart',
        understood,
        unit: 'ppm',
        axis: { fromTime: 0, toTime: 1 },
        series,
        charts: [{ metric: 'co2', unit: 'ppm', series }],
        note: null,
      };
    };
    expect(hasData(chart([]))).toBe(false);
    expect(hasData(chart([{ TI: 1, value: null }]))).toBe(false);
    expect(hasData(chart([{ TI: 1, value: 500 }]))).toBe(true);
  });
});

describe('several readings (issue 32)', () => {
  const series = (label: string, value: number | null) => ({
    label,
    macs: ['DE0000000003'],
    points: [{ TI: 1, value }],
  });
  const both: Chart = {
    status: 'chart',
    understood: { ...understood, metrics: ['co2', 'temp'] },
    unit: 'ppm',
    axis: { fromTime: 0, toTime: 1 },
    series: [series('Demo Gateway 3', null)],
    charts: [
      { metric: 'co2', unit: 'ppm', series: [series('Demo Gateway 3', null)] },
      { metric: 'temp', unit: '°C', series: [series('Demo Gateway 3', 21)] },
    ],
    note: null,
  };

  it('draws one chart per reading, each titled with its own reading and unit', () => {
    expect(chartLines(both).map((line) => seriesTitle(line, line.series.label))).toEqual([
      'CO2 (ppm) · Demo Gateway 3',
      'Temperature (°C) · Demo Gateway 3',
    ]);
    // The second reading has data though the first has none.
    expect(hasData(both)).toBe(true);
    expect(metricsLabel(both.understood)).toBe('CO2, Temperature');
  });

  it('keeps every reading when another chip is edited, and one when a reading is picked', () => {
    expect(overridesFrom(both.understood, { groupBy: 'all' }).metrics).toEqual(['co2', 'temp']);
    expect(overridesFrom(both.understood, { metric: 'mm' }).metrics).toEqual(['mm']);
  });
});

describe('grouping and threshold chips', () => {
  it('names the grouping and the threshold', () => {
    expect(groupingLabel('gateway')).toBe('one per gateway');
    expect(groupingLabel('all')).toBe('one for all gateways');
    expect(thresholdLabel(null, 'ppm')).toBe('none');
    expect(thresholdLabel({ op: '>', value: 1200 }, 'ppm')).toBe('above 1200 ppm');
    expect(thresholdLabel({ op: '<', value: -5 }, '°C')).toBe('below -5 °C');
    expect(thresholdLabel({ op: '>=', value: 1000 }, 'ppm')).toBe('at least 1000 ppm');
    expect(thresholdLabel({ op: '<=', value: 300 }, 'MB')).toBe('at most 300 MB');
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
