import { z } from 'zod';
import { macId } from './mac.ts';
import { graphMetricInfo, METRIC_CATALOGUE } from './metrics.ts';

/**
 * The graph generator (spec 002 sections 2, 4, 7, 8: the User graph page at /cli/UserDashboard;
 * docs/graph-generator.md): a sentence becomes a chart over the tenant's own gateways, or a question when a
 * word is ambiguous or unknown. The call's path is ours: POST /api/graph-generator/generate.
 */

/** Spec 002 section 8. */
export const GRAPH_GENERATOR_TEXTS = {
  failed: 'Failed to fetch data. Please re-phrase the text',
  noData: 'No data available to plot.',
  empty: 'Please type what you want to see',
  tooLong: 'The text can be at most 500 characters',
} as const;

/** Longest sentence taken (a 2,000-character paste is refused with a message, not parsed). */
export const GRAPH_TEXT_MAX_LENGTH = 500;
/** At most this many series on one chart; more gateways are combined into one series. */
export const GRAPH_MAX_SERIES = 10;
/** At most this many gateways are read for one chart (a fleet of 100,000 is narrowed by tag, place or status). */
export const GRAPH_MAX_CHART_GATEWAYS = 1000;
/** At most this many gateways named by an edited gateways chip. */
export const GRAPH_MAX_GATEWAYS = 100;
/** The chart's time axis is padded by 1 hour on each side (spec 002 section 4). */
export const GRAPH_AXIS_PADDING_MS = 3_600_000;
/**
 * The range when a sentence names no time: the portal's default interval, 1 hour (the telemetry views'
 * DEFAULT_INTERVAL '1h', apps/web/src/features/telemetry/intervals.ts).
 */
export const GRAPH_DEFAULT_RANGE_MS = 3_600_000;
export const GRAPH_DEFAULT_RANGE_LABEL = 'last hour (default)';

/**
 * The readings a sentence can ask for (spec 002 section 3 'Graph readings'), by their stored column, with the
 * name on a chip and the unit: the metric catalogue's (metrics.ts).
 */
export const GRAPH_METRIC_INFO = graphMetricInfo(METRIC_CATALOGUE);
export type GraphMetric = keyof typeof GRAPH_METRIC_INFO;
export const GRAPH_METRICS = Object.keys(GRAPH_METRIC_INFO) as [GraphMetric, ...GraphMetric[]];

/** 'none': the readings as they are (averaged per point when there are more than the chart holds). */
export const GRAPH_AGGREGATIONS = ['none', 'avg', 'min', 'max', 'sum', 'count'] as const;
export type GraphAggregation = (typeof GRAPH_AGGREGATIONS)[number];
/** The width of one point: 'auto' keeps at most 500 points over the range. */
export const GRAPH_INTERVALS = ['auto', 'minute', 'hour', 'day'] as const;
export type GraphInterval = (typeof GRAPH_INTERVALS)[number];
/** One series per gateway, one for all of them together, one per location (city) or per tag. */
export const GRAPH_GROUPINGS = ['gateway', 'all', 'location', 'tag'] as const;
export type GraphGrouping = (typeof GRAPH_GROUPINGS)[number];

/**
 * "which gateways had CO2 above 1200": keeps the gateways whose highest (lowest) reading passes; '>=' and '<='
 * are "at least" and "at most".
 */
export const GRAPH_CONDITION_OPS = ['>', '<', '>=', '<='] as const;
export const graphCondition = z.object({ op: z.enum(GRAPH_CONDITION_OPS), value: z.number() });
export type GraphCondition = z.infer<typeof graphCondition>;

/** An edited threshold chip: a number within ±GRAPH_THRESHOLD_LIMIT (ours; wider than any reading's range). */
export const GRAPH_THRESHOLD_LIMIT = 1_000_000;
export const GRAPH_THRESHOLD_MESSAGE = `The threshold must be a number from -${GRAPH_THRESHOLD_LIMIT} to ${GRAPH_THRESHOLD_LIMIT}`;
export const graphThreshold = z.object({
  op: z.enum(GRAPH_CONDITION_OPS),
  value: z
    .number({ message: GRAPH_THRESHOLD_MESSAGE })
    .min(-GRAPH_THRESHOLD_LIMIT, GRAPH_THRESHOLD_MESSAGE)
    .max(GRAPH_THRESHOLD_LIMIT, GRAPH_THRESHOLD_MESSAGE),
});

export const graphRange = z
  .object({ fromTime: z.number().int().min(0), toTime: z.number().int().min(0) })
  .refine((r) => r.toTime > r.fromTime, { message: 'toTime must be after fromTime', path: ['toTime'] });

/** What an edited chip says; it replaces what the sentence said for that slot. */
export const graphOverrides = z.object({
  metric: z.enum(GRAPH_METRICS).optional(),
  /** Several readings (one chart each); when given, `metric` is its first. */
  metrics: z.array(z.enum(GRAPH_METRICS)).min(1).max(GRAPH_METRICS.length).optional(),
  gateways: z.array(macId).min(1).max(GRAPH_MAX_GATEWAYS).optional(),
  range: graphRange.optional(),
  aggregation: z.enum(GRAPH_AGGREGATIONS).optional(),
  interval: z.enum(GRAPH_INTERVALS).optional(),
  groupBy: z.enum(GRAPH_GROUPINGS).optional(),
  /** null: no threshold (every gateway named is charted). */
  condition: graphThreshold.nullable().optional(),
});
export type GraphOverrides = z.infer<typeof graphOverrides>;

export const graphRequest = z.object({
  scopeId: z.string().min(1).max(100),
  text: z
    .string()
    .trim()
    .min(1, GRAPH_GENERATOR_TEXTS.empty)
    .max(GRAPH_TEXT_MAX_LENGTH, GRAPH_GENERATOR_TEXTS.tooLong),
  /** The browser's offset from UTC in minutes (east positive), for "today" and "since Monday". */
  utcOffsetMinutes: z.number().int().min(-840).max(840).default(0),
  overrides: graphOverrides.optional(),
});
export type GraphRequest = z.input<typeof graphRequest>;

export const graphGatewayRef = z.object({ mac: z.string(), name: z.string() });
export type GraphGatewayRef = z.infer<typeof graphGatewayRef>;

/** What the sentence was understood as: the chips. */
export const graphUnderstanding = z.object({
  /** The first reading (the only one in most sentences). */
  metric: z.enum(GRAPH_METRICS),
  /** Every reading asked for, in the sentence's order: one chart each ("CO2 and temperature of gateway 3"). */
  metrics: z.array(z.enum(GRAPH_METRICS)).min(1),
  gateways: z.array(graphGatewayRef),
  /** How the gateways were named: 'all', 'online', 'offline', a tag, a location, or the names. */
  gatewaysLabel: z.string(),
  range: z.object({ fromTime: z.number(), toTime: z.number(), label: z.string() }),
  aggregation: z.enum(GRAPH_AGGREGATIONS),
  interval: z.enum(GRAPH_INTERVALS),
  groupBy: z.enum(GRAPH_GROUPINGS),
  condition: graphCondition.nullable(),
});
export type GraphUnderstanding = z.infer<typeof graphUnderstanding>;

export const graphPoint = z.object({ TI: z.number(), value: z.number().nullable() });
export const graphSeries = z.object({
  label: z.string(),
  macs: z.array(z.string()),
  points: z.array(graphPoint),
});
export type GraphSeries = z.infer<typeof graphSeries>;

/** One reading's chart: its unit and lines. */
export const graphPanel = z.object({
  metric: z.enum(GRAPH_METRICS),
  unit: z.string(),
  series: z.array(graphSeries),
});
export type GraphPanel = z.infer<typeof graphPanel>;

/** A way out of a question: what it names, and the sentence re-phrased with it (Generate sends that). */
export const graphCandidate = z.object({ label: z.string(), sentence: z.string() });
export type GraphCandidate = z.infer<typeof graphCandidate>;

export const GRAPH_QUESTION_SLOTS = ['metric', 'gateways', 'range', 'aggregation', 'text'] as const;

export const graphResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('chart'),
    understood: graphUnderstanding,
    /** The first reading's unit and lines (`charts[0]`), as before several readings were drawn. */
    unit: z.string(),
    /** The time axis: the range padded by 1 hour on each side. */
    axis: z.object({ fromTime: z.number(), toTime: z.number() }),
    series: z.array(graphSeries),
    /** One chart per reading asked for, in the order of `understood.metrics`. */
    charts: z.array(graphPanel).min(1),
    /** Set when some gateways were left off the chart (more than GRAPH_MAX_SERIES passed a condition). */
    note: z.string().nullable(),
  }),
  z.object({
    status: z.literal('question'),
    slot: z.enum(GRAPH_QUESTION_SLOTS),
    /** The word asked about ('' when something is missing rather than unknown). */
    word: z.string(),
    question: z.string(),
    candidates: z.array(graphCandidate),
  }),
]);
export type GraphResponse = z.infer<typeof graphResponse>;

/** The edit chips' choices: the scope's gateways (names and MACs) and the metrics. */
export const graphCatalogueQuery = z.object({ scopeId: z.string().min(1).max(100) });
export const graphCatalogue = z.object({ gateways: z.array(graphGatewayRef) });
export type GraphCatalogue = z.infer<typeof graphCatalogue>;
