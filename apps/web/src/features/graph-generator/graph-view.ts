import {
  GRAPH_METRIC_INFO,
  GRAPH_THRESHOLD_MESSAGE,
  type GraphAggregation,
  type GraphCondition,
  type GraphGrouping,
  type GraphInterval,
  type GraphMetric,
  type GraphOverrides,
  type GraphResponse,
  type GraphSeries,
  type GraphUnderstanding,
  graphThreshold,
} from '@portal/contract';

type Chart = Extract<GraphResponse, { status: 'chart' }>;

const FUNCTION_WORDS: Record<GraphAggregation, string> = {
  none: 'readings',
  avg: 'average',
  min: 'minimum',
  max: 'maximum',
  sum: 'total',
  count: 'number of readings',
};
const INTERVAL_WORDS: Record<GraphInterval, string> = {
  auto: '',
  minute: 'per-minute',
  hour: 'hourly',
  day: 'daily',
};

/** The aggregation chip: 'hourly average', 'maximum', 'readings'. */
export function aggregationLabel(aggregation: GraphAggregation, interval: GraphInterval): string {
  return [INTERVAL_WORDS[interval], FUNCTION_WORDS[aggregation]].filter(Boolean).join(' ');
}

const GROUPING_WORDS: Record<GraphGrouping, string> = {
  gateway: 'one per gateway',
  all: 'one for all gateways',
  location: 'one per location',
  tag: 'one per tag',
};

/** The grouping chip's value: how the gateways become lines. */
export const groupingLabel = (groupBy: GraphGrouping) => GROUPING_WORDS[groupBy];

const CONDITION_WORDS: Record<GraphCondition['op'], string> = {
  '>': 'above',
  '<': 'below',
  '>=': 'at least',
  '<=': 'at most',
};

/** The threshold chip's value: 'none', 'above 1200 ppm', 'at least 1000 ppm'. */
export function thresholdLabel(condition: GraphCondition | null, unit: string): string {
  if (!condition) return 'none';
  return `${CONDITION_WORDS[condition.op]} ${condition.value}${unit ? ` ${unit}` : ''}`;
}

/** The threshold dialog's fields as an override: the condition, or the form's message (the server's rule). */
export function thresholdFrom(
  op: GraphCondition['op'],
  text: string,
): { condition: GraphCondition } | { error: string } {
  const trimmed = text.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  const parsed = graphThreshold.safeParse({ op, value });
  return parsed.success ? { condition: parsed.data } : { error: GRAPH_THRESHOLD_MESSAGE };
}

/** The metric chip's value: every reading asked for ('CO2, Temperature'). */
export const metricsLabel = (u: Pick<GraphUnderstanding, 'metrics'>) =>
  u.metrics.map((m) => GRAPH_METRIC_INFO[m].label).join(', ');

const pad = (n: number) => String(n).padStart(2, '0');
/** Local 'YYYY-MM-DD HH:mm'. */
export function localTime(time: number): string {
  const d = new Date(time);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The range chip: what the sentence said, and the times it means. */
export function rangeLabel(range: GraphUnderstanding['range']): string {
  return `${range.label} (${localTime(range.fromTime)} – ${localTime(range.toTime)})`;
}

/** The browser's offset from UTC in minutes, east positive ("today" is the user's today). */
export const browserUtcOffset = () => -new Date().getTimezoneOffset();

/** A chip edited: the whole query as understood, with the change, so the server charts it without the text. */
export function overridesFrom(understood: GraphUnderstanding, change: GraphOverrides): GraphOverrides {
  // A metric picked on the chip replaces every reading; otherwise all the readings asked for stay.
  const metrics = change.metrics ?? (change.metric ? [change.metric] : understood.metrics);
  return {
    metric: understood.metric,
    metrics,
    gateways: understood.gateways.map((g) => g.mac),
    range: { fromTime: understood.range.fromTime, toTime: understood.range.toTime },
    aggregation: understood.aggregation,
    interval: understood.interval,
    groupBy: understood.groupBy,
    condition: understood.condition,
    ...change,
  };
}

/** One line to draw: a reading's series, with that reading's name and unit. */
export interface ChartLine {
  key: string;
  metric: GraphMetric;
  unit: string;
  series: GraphSeries;
}

/** Every line of the answer: one chart per reading (`charts`), each with its lines, in the readings' order. */
export function chartLines(chart: Chart): ChartLine[] {
  return chart.charts.flatMap((panel) =>
    panel.series.map((series) => ({
      key: `${panel.metric}|${series.label}`,
      metric: panel.metric,
      unit: panel.unit,
      series,
    })),
  );
}

/** Whether a chart has anything to draw ('No data available to plot.' otherwise). */
export function hasData(chart: Chart): boolean {
  return chartLines(chart).some((line) => line.series.points.some((p) => p.value !== null));
}

/**
 * A line's title: the reading with its unit, and the line's name ('CO2 (ppm) · Demo Gateway 1'); given the
 * whole answer, its first reading's.
 */
export function seriesTitle(source: Pick<ChartLine, 'metric' | 'unit'> | Chart, label: string): string {
  const { metric, unit } =
    'understood' in source ? { metric: source.understood.metric, unit: source.unit } : source;
  return `${GRAPH_METRIC_INFO[metric].label} (${unit}) · ${label}`;
}
