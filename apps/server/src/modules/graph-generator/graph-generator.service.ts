import {
  EARLIEST_CHART_MS,
  GRAPH_AXIS_PADDING_MS,
  GRAPH_MAX_CHART_GATEWAYS,
  GRAPH_MAX_SERIES,
  GRAPH_METRIC_INFO,
  GRAPH_TEXTS,
  type GraphCatalogue,
  type GraphOverrides,
  type GraphResponse,
  type graphRequest,
  MAX_SENSOR_RANGE_MS,
} from '@portal/contract';
import type { z } from 'zod';
import type { Principal } from '../../lib/principal.ts';
import { type CatalogueGateway, catalogueOf, type ScopeDevices } from './catalogue.ts';
import { type ParsedQuery, parseSentence } from './parser.ts';
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
  ) {}

  /** The scope's gateways for the gateways chip; 404 outside the caller's reach. */
  async catalogue(principal: Principal, scopeId: string): Promise<GraphCatalogue> {
    const devices = await this.devices.devices(principal, { scopeId });
    return { gateways: devices.map((d) => ({ mac: d.MAC, name: d.NAME })) };
  }

  async generate(principal: Principal, request: Request): Promise<GraphResponse> {
    const catalogue = catalogueOf(await this.devices.devices(principal, { scopeId: request.scopeId }));
    const now = this.clock();
    const edited = edit(request.overrides, catalogue, now);
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
    const { metric, range } = query;
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
      const { op, value } = query.condition;
      const extremes = await this.readings.extremes(
        gateways.map((g) => g.mac),
        metric,
        range.fromTime,
        range.toTime,
      );
      const passing = new Set(
        extremes
          .filter((e) => (op === '>' ? e.hi !== null && e.hi > value : e.lo !== null && e.lo < value))
          .map((e) => e.mac),
      );
      gateways = gateways.filter((g) => passing.has(g.mac));
      notes.push(
        `${gateways.length} of ${query.gateways.length} gateways had ${GRAPH_METRIC_INFO[metric].label} ${op === '>' ? 'above' : 'below'} ${value}`,
      );
    }
    let groupBy = query.groupBy;
    if (groupBy === 'gateway' && gateways.length > GRAPH_MAX_SERIES) {
      groupBy = 'all';
      notes.push(`${gateways.length} gateways are shown as one line`);
    }
    const { bucketMs, widened } = bucketWidth(query.interval, range.toTime - range.fromTime);
    if (widened) notes.push(`one point per ${Math.round(bucketMs / 60_000)} minutes (at most 500 points)`);
    const rows = await this.readings.buckets(
      gateways.map((g) => g.mac),
      metric,
      range.fromTime,
      range.toTime,
      bucketMs,
      utcOffsetMinutes * 60_000,
    );
    const { series, dropped } = buildSeries(rows, gateways, {
      groupBy,
      aggregation: query.aggregation,
      allLabel: query.gatewaysLabel,
    });
    if (dropped > 0) notes.push(`${dropped} more lines are not shown`);
    return {
      status: 'chart',
      understood: {
        metric,
        gateways: query.gateways.map((g) => ({ mac: g.mac, name: g.name })),
        gatewaysLabel: query.gatewaysLabel,
        range,
        aggregation: query.aggregation,
        interval: query.interval,
        groupBy,
        condition: query.condition,
      },
      unit: query.aggregation === 'count' ? 'readings' : GRAPH_METRIC_INFO[metric].unit,
      axis: {
        fromTime: range.fromTime - GRAPH_AXIS_PADDING_MS,
        toTime: range.toTime + GRAPH_AXIS_PADDING_MS,
      },
      series,
      note: notes.length > 0 ? notes.join('; ') : null,
    };
  }
}

/**
 * Chips edited: the whole query comes from them (metric, gateways, range at least), checked as a sentence
 * would be: only the caller's gateways (another's MAC is unknown), the custom range rules.
 */
function edit(
  overrides: GraphOverrides | undefined,
  catalogue: CatalogueGateway[],
  now: number,
): ParsedQuery | Question | null {
  if (!overrides?.metric || !overrides.gateways || !overrides.range) return null;
  const byMac = new Map(catalogue.map((g) => [g.mac, g]));
  const unknown = overrides.gateways.find((mac) => !byMac.has(mac));
  if (unknown) {
    return { slot: 'gateways', word: unknown, question: `I don't know gateway ${unknown}.`, candidates: [] };
  }
  const { fromTime } = overrides.range;
  const toTime = Math.min(overrides.range.toTime, now);
  const rangeQuestion = (text: string): Question => ({
    slot: 'range',
    word: '',
    question: text,
    candidates: [],
  });
  if (fromTime < EARLIEST_CHART_MS) return rangeQuestion(GRAPH_TEXTS.fromTooEarly);
  if (toTime - fromTime > MAX_SENSOR_RANGE_MS) return rangeQuestion(GRAPH_TEXTS.customRangeTooLong);
  if (fromTime >= toTime) return rangeQuestion(GRAPH_TEXTS.toAfterToday);
  const gateways = overrides.gateways.map((mac) => byMac.get(mac)!);
  return {
    metric: overrides.metric,
    gateways,
    gatewaysLabel: gateways.map((g) => g.name).join(', '),
    range: { fromTime, toTime, label: 'custom range' },
    aggregation: overrides.aggregation ?? 'none',
    interval: overrides.interval ?? 'auto',
    groupBy: overrides.groupBy ?? 'gateway',
    condition: overrides.condition ?? null,
  };
}
