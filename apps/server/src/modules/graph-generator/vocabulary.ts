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

/**
 * Words that name several metrics ('gas', 'usage', 'air quality'): the question lists them. The catalogue's,
 * without its units ('ppm', '%'): a unit names the readings measured in it (UNIT_WORDS).
 */
export const AMBIGUOUS_METRIC_WORDS: [string, GraphMetric[]][] = LEXICON.shared.filter(
  ([word]) => !['ppm', 'ppb', '%', 'percent'].includes(word),
);

/** Aggregations the portal does not compute: asked about with the ones it does. */
export const UNKNOWN_AGGREGATION_WORDS = [
  'median',
  'percentile',
  'p95',
  'p99',
  'deviation',
  'stddev',
  'variance',
];

/** Readings the portal does not have: asked about with every metric as a candidate. */
export const UNKNOWN_METRIC_WORDS = [
  'humidity',
  'humid',
  'pressure',
  'noise',
  'sound',
  'light',
  'lux',
  'battery',
  'voltage',
  'rssi',
  'signal',
  'dust',
  'pm25',
  'pm10',
  'radon',
  'motion',
  'occupancy',
  'disk',
  'storage',
  'bandwidth',
  'uptime',
];

export const AGGREGATION_WORDS: [string, Exclude<GraphAggregation, 'none'>][] = [
  ['averages', 'avg'],
  ['averaged', 'avg'],
  ['average', 'avg'],
  ['avg', 'avg'],
  ['mean', 'avg'],
  ['minimums', 'min'],
  ['minima', 'min'],
  ['minimum', 'min'],
  ['lowest', 'min'],
  ['min', 'min'],
  ['maximums', 'max'],
  ['maxima', 'max'],
  ['maximum', 'max'],
  ['maxes', 'max'],
  ['highest', 'max'],
  ['peaks', 'max'],
  ['peak', 'max'],
  ['max', 'max'],
  ['total', 'sum'],
  ['sum', 'sum'],
  ['number of readings', 'count'],
  ['number of samples', 'count'],
  ['sample count', 'count'],
  ['how many samples', 'count'],
  ['how many readings', 'count'],
  ['reading count', 'count'],
  ['count', 'count'],
];

export const INTERVAL_WORDS: [string, Exclude<GraphInterval, 'auto'>][] = [
  ['hourly', 'hour'],
  ['hour by hour', 'hour'],
  ['per 1 hour', 'hour'],
  ['per hour', 'hour'],
  ['each hour', 'hour'],
  ['every hour', 'hour'],
  ['by hour', 'hour'],
  ['by the hour', 'hour'],
  ['daily', 'day'],
  ['per 1 day', 'day'],
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

/** "by city", "for each tag", "grouped by location", "per device": every way of saying a grouping. */
const GROUPING_NOUNS: [string, GraphGrouping][] = [
  ['location', 'location'],
  ['locations', 'location'],
  ['city', 'location'],
  ['cities', 'location'],
  ['site', 'location'],
  ['sites', 'location'],
  ['place', 'location'],
  ['places', 'location'],
  ['tag', 'tag'],
  ['tags', 'tag'],
  ['gateway', 'gateway'],
  ['gateways', 'gateway'],
  ['device', 'gateway'],
  ['devices', 'gateway'],
  ['sensor', 'gateway'],
  ['sensors', 'gateway'],
];
const GROUPING_PREFIXES = [
  'by',
  'per',
  'each',
  'for each',
  'of each',
  'grouped by',
  'group by',
  'split by',
  'broken down by',
];

export const GROUPING_WORDS: [string, GraphGrouping][] = [
  ...GROUPING_PREFIXES.flatMap((prefix) =>
    GROUPING_NOUNS.map(([noun, grouping]): [string, GraphGrouping] => [`${prefix} ${noun}`, grouping]),
  ),
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
  ['broken down by gateway', 'gateway'],
  ['separately', 'gateway'],
  ['individually', 'gateway'],
  ['side by side', 'gateway'],
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
  ['in one line', 'all'],
  ['as a single line', 'all'],
  ['aggregated', 'all'],
];

export const ALL_GATEWAYS_WORDS = [
  'all my gateways',
  'all the gateways',
  'all of the gateways',
  'all of my gateways',
  'all gateways',
  'all gws',
  'all gw',
  'all devices',
  'all sensors',
  'all units',
  'all nodes',
  'all of them',
  'every gateway',
  'every device',
  'every sensor',
  'each of my gateways',
  'the whole fleet',
  'the entire fleet',
  'the fleet',
  'whole fleet',
  'entire fleet',
  'my fleet',
  'fleet',
  'everywhere',
  'everything',
  'which gateways',
  'which gateway',
  'which devices',
  'which sensors',
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

/** The nouns a gateway number follows: "gateway 3", "gw 1-3", "devices 2 and 5", "sensor #4", "no. 7". */
export const GATEWAY_NOUNS = [
  'gateways',
  'gateway',
  'gws',
  'gw',
  'devices',
  'device',
  'sensors',
  'sensor',
  'nodes',
  'node',
  'units',
  'unit',
  'boxes',
  'box',
  'number',
  'numbers',
  'nr',
  'no',
  'num',
];

/** Words before a gateway that is left out: "all gateways except 6", "everything but gateway 2". */
export const EXCLUDE_WORDS = [
  'except for',
  'except',
  'excluding',
  'excl',
  'but not',
  'apart from',
  'other than',
  'not including',
  'leaving out',
  'without',
  'minus',
  'but',
  'not',
];

/** Comparisons: "above 1200", "at least 25 degc", "> 30", "no more than 800". */
export const COMPARISON_WORDS: [string, '>' | '<' | '>=' | '<='][] = [
  ['greater than or equal to', '>='],
  ['more than or equal to', '>='],
  ['greater or equal to', '>='],
  ['greater or equal', '>='],
  ['equal or greater than', '>='],
  ['above or equal to', '>='],
  ['less than or equal to', '<='],
  ['less or equal to', '<='],
  ['less or equal', '<='],
  ['equal or less than', '<='],
  ['below or equal to', '<='],
  ['at least', '>='],
  ['no less than', '>='],
  ['not less than', '>='],
  ['not below', '>='],
  ['not under', '>='],
  ['>=', '>='],
  ['at most', '<='],
  ['no more than', '<='],
  ['not more than', '<='],
  ['not above', '<='],
  ['not over', '<='],
  ['<=', '<='],
  ['greater than', '>'],
  ['more than', '>'],
  ['higher than', '>'],
  ['bigger than', '>'],
  ['larger than', '>'],
  ['above', '>'],
  ['over', '>'],
  ['exceeding', '>'],
  ['exceeded', '>'],
  ['exceeds', '>'],
  ['exceed', '>'],
  ['beyond', '>'],
  ['>', '>'],
  ['less than', '<'],
  ['lower than', '<'],
  ['smaller than', '<'],
  ['fewer than', '<'],
  ['below', '<'],
  ['under', '<'],
  ['beneath', '<'],
  ['<', '<'],
];

/**
 * Units a reading is measured in, from the metric catalogue's units: a unit after a threshold says which
 * reading ("over 30 degc"); a unit that is not the reading's is asked about ("memory above 80 %": MB).
 */
export const UNIT_WORDS: [string, string][] = [
  ['ppm', 'ppm'],
  ['ppb', 'ppb'],
  ['%', '%'],
  ['percent', '%'],
  ['pct', '%'],
  ['degc', '°C'],
  ['degrees', '°C'],
  ['degree', '°C'],
  ['celsius', '°C'],
  ['c', '°C'],
  ['mb', 'MB'],
  ['megabytes', 'MB'],
  ['megabyte', 'MB'],
  ['ohms', 'Ω'],
  ['ohm', 'Ω'],
];

/** Filler words that together mean a time the parser does not read ("this time yesterday"): asked about. */
export const UNREAD_PHRASES = ['this time', 'same time', 'that time', 'at this time'];

/** Words that carry no meaning for the chart. Anything else left over is asked about. */
export const STOPWORDS = new Set(
  `a about across also am an and any are as at be been between by can chart charts could data did display do does
  draw during each every for from gateway gateways gw gws device devices sensor sensors get give graph graphs had has
  have how i in is it its level levels line lines me my of on or our over pick plot plots please readings reading
  see show showing shown the their them there those to trend trends value values vs versus was were what when where
  which while with within would you your compare comparing comparison against let us like want view measured
  measure measurement measurements had been went rose go got than this that these compared i'd id tell give me
  along like series curve curves history historic historical time recorded record note look looking check
  versus graphed ever just only both need needs see could can pls plz kindly quick quickly display displaying
  visualize visualise visualization chart charting plotting draw drawing showme lets let's how's hows whats
  what's was were many much all per up send sent report reported doing plus so far customer customers tenant client company high low snapshot well alone ones located situated tag tagged site`.split(
    /\s+/,
  ),
);

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Words the time rules and chrono-node read: known, so a typo of one is corrected and not a name. */
export const TIME_WORDS =
  `last past previous recent since from until till to between and ago today yesterday tomorrow
  now currently current moment present latest live hour hours minute minutes min mins day days week weeks month months
  year years fortnight morning afternoon evening night tonight midnight noon week weekend monday tuesday wednesday
  thursday friday saturday sunday ${MONTHS.join(' ')} this next coming so far before after earlier hrs hr
  wtd mtd ytd
  through thru till until noon`.split(/\s+/);

/** Normalized form the parser reads: lower case, CO₂ as co2, °C as degc, MACs as 12 hex digits, dates as words. */
export function normalize(text: string): string {
  const order = slashOrder(text);
  const t = text
    .toLowerCase()
    .replace(/₂/g, '2')
    .replace(/₃/g, '3')
    .replace(/℃|°\s*c\b|º\s*c\b/g, ' degc ')
    .replace(/°/g, ' degc ')
    .replace(/≥/g, ' >= ')
    .replace(/≤/g, ' <= ')
    // MACs in any form: 12 hex digits.
    .replace(/\b((?:[0-9a-f]{2}[:.-]){5}[0-9a-f]{2})\b/g, (mac) => mac.replace(/[:.-]/g, ''))
    .replace(/\byday\b/g, 'yesterday')
    .replace(/\bmidnight\b/g, '00:00')
    // "2026-11-24 08:00" as one ISO instant.
    .replace(/\b(\d{4}-\d{1,2}-\d{1,2})[ t](\d{1,2}:\d{2})/g, '$1t$2')
    // "1000ppm", "25c", "80%": the number and its unit.
    .replace(/\b(\d+(?:\.\d+)?)(ppm|ppb|mb|degc|c)\b/g, '$1 $2')
    // Thousands separators: "1,500" is 1500.
    .replace(/(\d),(?=\d{3}(?!\d))/g, '$1')
    .replace(/\b(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})?(?![\d.])/g, (all, d, m, y) =>
      dayMonth(all, Number(d), Number(m), y),
    )
    .replace(/\b(\d{4})\/(\d{1,2})\/(\d{1,2})\b/g, '$1-$2-$3')
    .replace(SLASH_DATE, (all, a, b, y) => slashDate(all, Number(a), Number(b), y, order))
    // "20 november-22 november": the dash between two dates stays a dash.
    .replace(new RegExp(`\\b(${MONTHS.join('|')})-(?=\\d)`, 'g'), '$1 - ')
    .replace(/[’‘`´]/g, "'")
    .replace(/'s\b/g, '')
    .replace(/[?!,;()"“”[\]{}]/g, ' ')
    .replace(/:(?!\d)/g, ' ')
    .replace(/([a-z])-(?=[a-z0-9])/g, '$1 ')
    .replace(/(?<=[a-z0-9])\/(?=[a-z])|(?<=[a-z])\/(?=[a-z0-9])/g, ' and ')
    .replace(/&|\+/g, ' and ')
    .replace(/\s*(>=|<=|>|<|=)\s*/g, ' $1 ')
    .replace(/%/g, ' % ')
    .replace(/\.{2,}/g, ' ')
    .replace(/\.(\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ` ${t} `;
}

const two = (y: string | undefined) => (y === undefined ? '' : y.length === 2 ? ` 20${y}` : ` ${y}`);

/** "25.11.2026", "23.11.": day then month (dots are never the US order). */
function dayMonth(all: string, day: number, month: number, year: string | undefined): string {
  if (month < 1 || month > 12 || day < 1 || day > 31) return all;
  return `${day} ${MONTHS[month - 1]}${two(year)}`;
}

const SLASH_DATE = /(?<![\d/])(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?(?![\d/])/g;

/**
 * The order the sentence's slash dates are written in, when one of them says it ("from 11/10 to 11/20": the
 * 20 is a day, so month/day): 'eu', 'us', or null.
 */
function slashOrder(text: string): 'eu' | 'us' | null {
  for (const m of text.matchAll(SLASH_DATE)) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a > 12 && a <= 31 && b <= 12) return 'eu';
    if (b > 12 && b <= 31 && a <= 12) return 'us';
  }
  return null;
}

/**
 * "25/11/2026" (a day past 12 first: European), "11/25/2026" (US); a date that reads both ways ("03/11/2026")
 * takes the order of another date of the sentence, or is left as it is and the time rules ask.
 */
function slashDate(
  all: string,
  a: number,
  b: number,
  year: string | undefined,
  order: 'eu' | 'us' | null,
): string {
  if (a < 1 || b < 1) return all;
  if (a === b && a <= 12) return `${a} ${MONTHS[a - 1]}${two(year)}`;
  if ((a > 12 || order === 'eu') && a <= 31 && b <= 12) return `${a} ${MONTHS[b - 1]}${two(year)}`;
  if ((b > 12 || order === 'us') && b <= 31 && a <= 12) return `${MONTHS[a - 1]} ${b}${two(year)}`;
  return all;
}

export const MONTH_NAMES = MONTHS;

const PLAIN = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

/** The normalized form of a catalogue entry (name, tag, place): plain words skip the full normalization. */
export function catalogueKey(text: string): string {
  const lower = text.toLowerCase().trim();
  return PLAIN.test(lower) ? lower : normalize(text).trim();
}
