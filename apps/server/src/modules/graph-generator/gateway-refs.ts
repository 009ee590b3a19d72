import { normalizeMac } from '@portal/contract';
import type { CatalogueGateway } from './catalogue.ts';
import type { Sentence } from './sentence.ts';
import { ALL_GATEWAYS_WORDS, catalogueKey, STATUS_WORDS } from './vocabulary.ts';

/** How the sentence named its gateways, before they are combined. */
export interface GatewayRefs {
  /** Named one by one: full names, MACs, "gateway 2 and 5". */
  named: CatalogueGateway[];
  all: boolean;
  status: 'online' | 'offline' | null;
  tags: string[];
  places: string[];
  /** A name or number that matches several gateways: asked about. */
  ambiguous: { word: string; matches: CatalogueGateway[] } | null;
  /** A number or MAC that matches none of the caller's gateways: asked about. */
  unknown: string | null;
}

const keys = new Map<string, string>();
/** catalogueKey, remembered: tags and places repeat across a fleet. */
function key(s: string): string {
  let k = keys.get(s);
  if (k === undefined) {
    k = catalogueKey(s);
    if (keys.size > 10_000) keys.clear();
    keys.set(s, k);
  }
  return k;
}

/** The trailing number of a name ("Demo Gateway 3" -> 3, "GW-07" -> 7), or null. */
function trailingNumber(name: string): number | null {
  const m = /(\d+)\s*$/.exec(name);
  return m ? Number(m[1]) : null;
}

/** Full names first (longest first, so "Gateway 30" is not read as "Gateway 3"), then MACs. */
export function takeNamedGateways(sentence: Sentence, catalogue: CatalogueGateway[], refs: GatewayRefs) {
  const byName = new Map<string, CatalogueGateway[]>();
  for (const g of catalogue) {
    const k = key(g.name);
    if (k) byName.set(k, [...(byName.get(k) ?? []), g]);
  }
  for (const { phrase, value: matches } of sentence.takeKnown(byName, maxWords(byName))) {
    if (matches.length > 1) refs.ambiguous ??= { word: phrase, matches };
    else refs.named.push(matches[0]!);
  }
  const macPattern = /(?<=\s)(?:[0-9a-f]{2}[:-]){5}[0-9a-f]{2}(?=\s)|(?<=\s)[0-9a-f]{12}(?=\s)/;
  for (let m = sentence.takePattern(macPattern); m; m = sentence.takePattern(macPattern)) {
    const mac = normalizeMac(m[0]);
    const gateway = catalogue.find((g) => g.mac === mac);
    if (gateway) refs.named.push(gateway);
    else refs.unknown ??= m[0];
  }
}

const SHORTHAND =
  /(?<=\s)(?:gateways?|gws?|devices?|sensors?|units?|nodes?|number|#)\s?#?(\d+)((?:\s(?:and|or|vs|versus|with|plus)?\s?#?\d+)*)(?=\s)/;

/** "gateway 2 and 5", "gw 7", "#3": by the number a name ends with. */
export function takeNumberedGateways(sentence: Sentence, catalogue: CatalogueGateway[], refs: GatewayRefs) {
  for (let m = sentence.takePattern(SHORTHAND); m; m = sentence.takePattern(SHORTHAND)) {
    const numbers = [m[1]!, ...(m[2]?.match(/\d+/g) ?? [])].map(Number);
    for (const n of numbers) {
      const matches = catalogue.filter((g) => trailingNumber(g.name) === n);
      if (matches.length === 1) refs.named.push(matches[0]!);
      else if (matches.length > 1) refs.ambiguous ??= { word: `gateway ${n}`, matches };
      else refs.unknown ??= `gateway ${n}`;
    }
  }
}

/** "all gateways", "offline gateways", a tag, a place. */
export function takeGatewayFilters(sentence: Sentence, catalogue: CatalogueGateway[], refs: GatewayRefs) {
  for (const phrase of ALL_GATEWAYS_WORDS) if (sentence.takePhrase(phrase) > 0) refs.all = true;
  for (const [phrase, status] of STATUS_WORDS) if (sentence.takePhrase(phrase) > 0) refs.status ??= status;
  const tags = new Map(
    catalogue.flatMap((g) => g.tags.map((t) => [key(t), true] as const)).filter(([k]) => k),
  );
  for (const { phrase } of sentence.takeKnown(tags, maxWords(tags))) refs.tags.push(phrase);
  const places = new Map(
    catalogue.flatMap((g) => g.places.map((p) => [key(p), true] as const)).filter(([k]) => k),
  );
  for (const { phrase } of sentence.takeKnown(places, maxWords(places))) refs.places.push(phrase);
}

const maxWords = (known: Map<string, unknown>) => {
  let most = 0;
  for (const k of known.keys()) most = Math.max(most, k.split(' ').length);
  return most;
};

/** The gateways the references select, and how to name them on the chip. */
export function selectGateways(
  refs: GatewayRefs,
  catalogue: CatalogueGateway[],
): { gateways: CatalogueGateway[]; label: string } | null {
  const filtered = (list: CatalogueGateway[]) =>
    list.filter(
      (g) =>
        (refs.status === null || g.online === (refs.status === 'online')) &&
        (refs.tags.length === 0 || refs.tags.some((t) => g.tags.map(key).includes(t))) &&
        (refs.places.length === 0 || refs.places.some((p) => g.places.map(key).includes(p))),
    );
  const filters = [
    refs.status,
    ...refs.tags.map((t) => `tag ${t}`),
    ...refs.places.map((p) => `in ${p}`),
  ].filter((f): f is string => f !== null);
  if (refs.named.length > 0) {
    const unique = [...new Map(refs.named.map((g) => [g.mac, g])).values()];
    const gateways = filtered(unique);
    return { gateways, label: gateways.map((g) => g.name).join(', ') };
  }
  if (filters.length > 0) return { gateways: filtered(catalogue), label: `${filters.join(', ')} gateways` };
  if (refs.all) return { gateways: catalogue, label: 'all gateways' };
  return null;
}

export const noRefs = (): GatewayRefs => ({
  named: [],
  all: false,
  status: null,
  tags: [],
  places: [],
  ambiguous: null,
  unknown: null,
});
