import type {
  GraphAggregation,
  GraphCondition,
  GraphGrouping,
  GraphInterval,
  GraphMetric,
} from '@portal/contract';
import type { CatalogueGateway } from './catalogue.ts';

/** How the sentence named gateways, before they are combined. */
export interface GatewayRefs {
  named: CatalogueGateway[];
  /** Where in the tokens each named gateway reference starts. */
  namedAt: number[];
  /** The gateways of each customer named. */
  customers: CatalogueGateway[][];
  excluded: CatalogueGateway[];
  all: boolean;
  statuses: Set<'online' | 'offline'>;
  tags: string[];
  places: string[];
  excludedFilters: { statuses: Set<'online' | 'offline'>; tags: string[]; places: string[] };
  ambiguous: { word: string; matches: CatalogueGateway[] } | null;
  unknown: string | null;
}

/** What the grammar found, slot by slot. */
export interface Slots {
  refs: GatewayRefs;
  metrics: { metric: GraphMetric; phrase: string; at: number }[];
  ambiguousMetric: { word: string; metrics: GraphMetric[] } | null;
  units: { unit: string; phrase: string }[];
  unknownMetric: string | null;
  unknownAggregation: string | null;
  conditions: { condition: GraphCondition; unit: string | null; unitWord: string | null; phrase: string }[];
  functions: Map<Exclude<GraphAggregation, 'none'>, string>;
  intervals: Map<Exclude<GraphInterval, 'auto'>, string>;
  groupings: Set<GraphGrouping>;
  unknownWord: string | null;
}
