import {
  GRAPH_AXIS_PADDING_MS,
  GRAPH_MAX_CHART_GATEWAYS,
  GRAPH_MAX_SERIES,
  GRAPH_METRIC_INFO,
  type GraphCatalogue,
  type GraphCondition,
  type GraphOverrides,
  type GraphPanel,
  type GraphResponse,
  type graphRequest,
} from '@portal/contract';
import type { z } from 'zod';
import type { Principal } from '../../lib/principal.ts';
import {
  type CatalogueGateway,
  type CustomerNames,
  catalogueOf,
  customerNamesOf,
  type ScopeDevices,
} from './catalogue.ts';
import { type ParsedQuery, parseSentence, rangeRule } from './parser.ts';
import type { Question } from './questions.ts';
import type { ReadingsRepository } from './readings.repository.ts';
import { bucketWidth, buildSeries } from './series-builder.ts';

type Request = z.output<typeof graphRequest>;

const questionResponse = (q: Question): GraphResponse => ({ status: 'question', ...q });

/** Sentence in, chart or question out (docs/graph-generator.md). */
export class GraphGeneratorService {
  constructor(
    private readonly devices: ScopeDevices,
    private readonly readings: ReadingsRepository,
    private readonly clock: () => number = Date.now,
    private readonly customers?: CustomerNames,
  ) {}

  /** The scope's gateways for the gateways chip; 404 outside the caller's reach. */
  async catalogue(principal: Principal, scopeId: string): Promise<GraphCatalogue> {
    const devices = await this.devices.devices(principal, { scopeId });
    return { gateways: devices.map((d) => ({ mac: d.MAC, name: d.NAME })) };
  }

  async generate(principal: Principal, request: Request): Promise<GraphResponse> {
    const devices = await this.devices.devices(principal, { scopeId: request.scopeId });
    const catalogue = catalogueOf(devices, await customerNamesOf(devices, this.customers));
    const now = this.clock();
    const edited = edit(request.overrides, catalogue, { now, utcOffsetMinutes: request.utcOffsetMinutes });
    let query: ParsedQuery;
    if (edited && 'slot' in edited) return questionResponse(edited);
    if (edited) query = edited;
    else {
      const outcome = parseSentence(request.text, catalogue, {
        now,
        utcOffsetMinutes: request.utcOffsetMinutes,
      });
      if (outcome.kind === 'question') return questionResponse(outcome.question);
      query = outcome.query;
    }
    return this.chart(query, request.utcOffsetMinutes);
  }

  private async chart(query: ParsedQuery, utcOffsetMinutes: number): Promise<GraphResponse> {
    const { range, metrics } = query;
    if (query.gateways.length > GRAPH_MAX_CHART_GATEWAYS) {
      return questionResponse({
        slot: 'gateways',
        word: query.gatewaysLabel,
        question: `That is ${query.gateways.length.toLocaleString('en')} gateways; a chart reads at most ${GRAPH_MAX_CHART_GATEWAYS.toLocaleString('en')}. Please name fewer: a tag, a place, online or offline, or their names.`,
        candidates: [],
      });
    }
    const notes: string[] = [];
    let gateways = query.gateways;
    if (query.condition) {
      // The parser allows a threshold with one reading only.
      const { op, value } = query.condition;
      const extremes = await this.readings.extremes(
        gateways.map((g) => g.mac),
        metrics[0]!,
        range.fromTime,
        range.toTime,
      );
      const passing = new Set(extremes.filter((e) => passes(e, op, value)).map((e) => e.mac));
      gateways = gateways.filter((g) => passing.has(g.mac));
      notes.push(
        `${gateways.length} of ${query.gateways.length} gateways had ${GRAPH_METRIC_INFO[metrics[0]!].label} ${CONDITION_WORDS[op]} ${value}`,
      );
    }
    let groupBy = query.groupBy;
    if (groupBy === 'gateway' && gateways.length > GRAPH_MAX_SERIES) {
      groupBy = 'all';
      notes.push(`${gateways.length} gateways are shown as one line`);
    }
    const { bucketMs, widened } = bucketWidth(query.interval, range.toTime - range.fromTime);
    if (widened) notes.push(`one point per ${Math.round(bucketMs / 60_000)} minutes (at most 500 points)`);
    const charts: GraphPanel[] = [];
    let dropped = 0;
    for (const metric of metrics) {
      const rows = await this.readings.buckets(
        gateways.map((g) => g.mac),
        metric,
        range.fromTime,
        range.toTime,
        bucketMs,
        utcOffsetMinutes * 60_000,
      );
      const built = buildSeries(rows, gateways, {
        groupBy,
        aggregation: query.aggregation,
        allLabel: query.gatewaysLabel,
      });
      dropped = Math.max(dropped, built.dropped);
      charts.push({
        metric,
        unit: query.aggregation === 'count' ? 'readings' : GRAPH_METRIC_INFO[metric].unit,
        series: built.series,
      });
    }
    if (dropped > 0) notes.push(`${dropped} more lines are not shown`);
    return {
      status: 'chart',
      understood: {
        metric: metrics[0]!,
        metrics,
        gateways: query.gateways.map((g) => ({ mac: g.mac, name: g.name })),
        gatewaysLabel: query.gatewaysLabel,
        range,
        aggregation: query.aggregation,
        interval: query.interval,
        groupBy,
        condition: query.condition,
      },
      unit: charts[0]!.unit,
      axis: {
        fromTime: range.fromTime - GRAPH_AXIS_PADDING_MS,
        toTime: range.toTime + GRAPH_AXIS_PADDING_MS,
      },
      series: charts[0]!.series,
      charts,
      note: notes.length > 0 ? notes.join('; ') : null,
    };
  }
}

const CONDITION_WORDS: Record<GraphCondition['op'], string> = {
  '>': 'above',
  '<': 'below',
  '>=': 'at least',
  '<=': 'at most',
};

/** Whether a gateway's highest (above, at least) or lowest (below, at most) reading passes the threshold. */
function passes(
  e: { lo: number | null; hi: number | null },
  op: GraphCondition['op'],
  value: number,
): boolean {
  if (op === '>') return e.hi !== null && e.hi > value;
  if (op === '>=') return e.hi !== null && e.hi >= value;
  if (op === '<') return e.lo !== null && e.lo < value;
  return e.lo !== null && e.lo <= value;
}

/**
 * Chips edited: the whole query comes from them (metric, gateways, range at least), checked as a sentence
 * would be: only the caller's gateways (another's MAC is unknown), the custom range rules.
 */
function edit(
  overrides: GraphOverrides | undefined,
  catalogue: CatalogueGateway[],
  context: { now: number; utcOffsetMinutes: number },
): ParsedQuery | Question | null {
  if (!overrides?.metric || !overrides.gateways || !overrides.range) return null;
  const byMac = new Map(catalogue.map((g) => [g.mac, g]));
  const unknown = overrides.gateways.find((mac) => !byMac.has(mac));
  if (unknown) {
    return { slot: 'gateways', word: unknown, question: `I don't know gateway ${unknown}.`, candidates: [] };
  }
  const { fromTime } = overrides.range;
  // The Custom Range dialog's last day ends at its midnight; today's ends now.
  const toTime = Math.min(overrides.range.toTime, context.now);
  const broken = rangeRule({ fromTime, toTime }, context);
  if (broken) return { slot: 'range', word: '', question: broken, candidates: [] };
  const gateways = overrides.gateways.map((mac) => byMac.get(mac)!);
  const metrics = overrides.metrics ?? [overrides.metric];
  if (overrides.condition && metrics.length > 1) {
    return {
      slot: 'metric',
      word: '',
      question: 'A threshold applies to one reading: please pick one on the Metric chip first.',
      candidates: [],
    };
  }
  return {
    metrics: metrics.includes(overrides.metric) ? metrics : [overrides.metric],
    gateways,
    gatewaysLabel: gateways.map((g) => g.name).join(', '),
    range: { fromTime, toTime, label: 'custom range' },
    aggregation: overrides.aggregation ?? 'none',
    interval: overrides.interval ?? 'auto',
    groupBy: overrides.groupBy ?? 'gateway',
    condition: overrides.condition ?? null,
  };
}
