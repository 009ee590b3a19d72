import {
  type GraphAggregation,
  type GraphGrouping,
  type GraphInterval,
  type GraphMetric,
  graphLexicon,
  METRIC_CATALOGUE,
} from '@portal/contract';

const LEXICON = graphLexicon(METRIC_CATALOGUE);

/** The words of the graph generator (docs/graph-generator.md) for each metric: the metric catalogue's. */
export const METRIC_WORDS: [string, GraphMetric][] = LEXICON.words;

/** Words that name several metrics ('gas', 'ppm', 'usage'): the question lists them. The catalogue's too. */
export const AMBIGUOUS_METRIC_WORDS: [string, GraphMetric[]][] = LEXICON.shared;

/** Readings the portal does not have: asked about with every metric as a candidate. */
export const UNKNOWN_METRIC_WORDS = ['humidity', 'pressure', 'noise', 'light', 'battery', 'voltage', 'rssi'];

export const AGGREGATION_WORDS: [string, Exclude<GraphAggregation, 'none'>][] = [
  ['averaged', 'avg'],
  ['average', 'avg'],
  ['avg', 'avg'],
  ['mean', 'avg'],
  ['minimum', 'min'],
  ['lowest', 'min'],
  ['min', 'min'],
  ['maximum', 'max'],
  ['highest', 'max'],
  ['peaks', 'max'],
  ['peak', 'max'],
  ['max', 'max'],
  ['total', 'sum'],
  ['sum', 'sum'],
  ['number of readings', 'count'],
  ['how many readings', 'count'],
  ['reading count', 'count'],
  ['count', 'count'],
];

export const INTERVAL_WORDS: [string, Exclude<GraphInterval, 'auto'>][] = [
  ['hourly', 'hour'],
  ['per hour', 'hour'],
  ['each hour', 'hour'],
  ['every hour', 'hour'],
  ['by hour', 'hour'],
  ['by the hour', 'hour'],
  ['daily', 'day'],
  ['per day', 'day'],
  ['each day', 'day'],
  ['every day', 'day'],
  ['by day', 'day'],
  ['day by day', 'day'],
  ['per minute', 'minute'],
  ['each minute', 'minute'],
  ['every minute', 'minute'],
  ['by minute', 'minute'],
  ['minutely', 'minute'],
];

export const GROUPING_WORDS: [string, GraphGrouping][] = [
  ['by location', 'location'],
  ['per location', 'location'],
  ['by city', 'location'],
  ['per city', 'location'],
  ['by site', 'location'],
  ['per site', 'location'],
  ['by tag', 'tag'],
  ['per tag', 'tag'],
  ['by gateway', 'gateway'],
  ['per gateway', 'gateway'],
  ['for each gateway', 'gateway'],
  ['each gateway', 'gateway'],
  ['gateway by gateway', 'gateway'],
  ['combined', 'all'],
  ['all together', 'all'],
  ['together', 'all'],
  ['overall', 'all'],
  ['fleet wide', 'all'],
  ['across all gateways', 'all'],
  ['across all devices', 'all'],
  ['across the fleet', 'all'],
  ['across gateways', 'all'],
  ['as one line', 'all'],
];

export const ALL_GATEWAYS_WORDS = [
  'all my gateways',
  'all the gateways',
  'all gateways',
  'all devices',
  'every gateway',
  'each of my gateways',
  'the whole fleet',
  'the fleet',
  'whole fleet',
  'my fleet',
  'fleet',
  'everywhere',
  'all of them',
  'which gateways',
  'which gateway',
  'which devices',
  'what gateways',
  'any gateway',
  'any gateways',
];

export const STATUS_WORDS: [string, 'online' | 'offline'][] = [
  ['online', 'online'],
  ['connected', 'online'],
  ['offline', 'offline'],
  ['disconnected', 'offline'],
];

/** Words that carry no meaning for the chart. Anything else left over is asked about. */
export const STOPWORDS = new Set(
  `a about across all also am an and any are as at be been between by can chart charts could data did display do does
  draw during each every for from gateway gateways gw gws device devices sensor sensors get give graph graphs had has
  have how i in is it its level levels line lines me my of on or our over pick plot plots please readings reading
  see show showing shown the their them there those to trend trends value values vs versus was were what when where
  which while with within would you your compare comparing comparison against let us like want view measured
  measure measurement measurements had been went rose go got than this that these compared i'd id tell give me
  along like series curve curves history historic historical time recorded record note look looking check
  versus graphed ever just only both`.split(/\s+/),
);

/** Normalized form the parser reads: lower case, CO₂ as co2, °C as degc, punctuation as spaces. */
export function normalize(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/₂/g, '2')
    .replace(/₃/g, '3')
    .replace(/℃|°\s*c\b|º\s*c\b/g, ' degc ')
    .replace(/°/g, ' degc ')
    .replace(/\b(per|fleet|carbon|cpu|memory|day|hour|minute)-/g, '$1 ')
    .replace(/[’‘]/g, "'")
    .replace(/'s\b/g, '')
    .replace(/[?!,;()"“”[\]{}]/g, ' ')
    .replace(/&/g, ' and ')
    .replace(/%/g, ' % ')
    .replace(/\.(\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

const PLAIN = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

/** The normalized form of a catalogue entry (name, tag, place): plain words skip the full normalization. */
export function catalogueKey(text: string): string {
  const lower = text.toLowerCase().trim();
  return PLAIN.test(lower) ? lower : normalize(text).trim();
}
