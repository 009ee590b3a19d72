/** A source of uniform numbers in [0, 1); every simulated value is drawn from one, so a seed reproduces a run. */
export type Random = () => number;

/** Mulberry32: small, fast, good enough for simulation, and deterministic for a 32-bit seed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a hash of the parts, used to derive independent per-gateway streams from one seed. */
export function deriveSeed(seed: number, ...parts: string[]): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function uniform(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

/** Integer in [min, max], both included. */
export function randomInt(random: Random, min: number, max: number): number {
  return Math.floor(uniform(random, min, max + 1));
}

export function chance(random: Random, probability: number): boolean {
  return random() < probability;
}

/** Standard normal value (Box-Muller). */
export function gaussian(random: Random): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export function pickOne<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pickOne needs at least one item');
  return item;
}

export function randomHex(random: Random, digits: number): string {
  let hex = '';
  for (let i = 0; i < digits; i++) hex += Math.floor(random() * 16).toString(16);
  return hex.toUpperCase();
}
