import {
  GRAPH_METRIC_INFO,
  GRAPH_THRESHOLD_MESSAGE,
  type GraphAggregation,
  type GraphCondition,
  type GraphGrouping,
  type GraphInterval,
  type GraphOverrides,
  type GraphResponse,
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

/** The threshold chip's value: 'none' or 'above 1200 ppm'. */
export function thresholdLabel(condition: GraphCondition | null, unit: string): string {
  if (!condition) return 'none';
  return `${condition.op === '>' ? 'above' : 'below'} ${condition.value}${unit ? ` ${unit}` : ''}`;
}

/** The threshold dialog's fields as an override: the condition, or the form's message (the server's rule). */
export function thresholdFrom(
  op: '>' | '<',
  text: string,
): { condition: GraphCondition } | { error: string } {
  const trimmed = text.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  const parsed = graphThreshold.safeParse({ op, value });
  return parsed.success ? { condition: parsed.data } : { error: GRAPH_THRESHOLD_MESSAGE };
}

export const metricLabel = (u: Pick<GraphUnderstanding, 'metric'>) => GRAPH_METRIC_INFO[u.metric].label;

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
  return {
    metric: understood.metric,
    gateways: understood.gateways.map((g) => g.mac),
    range: { fromTime: understood.range.fromTime, toTime: understood.range.toTime },
    aggregation: understood.aggregation,
    interval: understood.interval,
    groupBy: understood.groupBy,
    condition: understood.condition,
    ...change,
  };
}

/** Whether a chart has anything to draw ('No data available to plot.' otherwise). */
export function hasData(chart: Chart): boolean {
  return chart.series.some((s) => s.points.some((p) => p.value !== null));
}

/** The chart title: the metric with its unit, and the line's name. */
export function seriesTitle(chart: Chart, label: string): string {
  return `${metricLabel(chart.understood)} (${chart.unit}) · ${label}`;
}
