import { describe, expect, it } from 'vitest';
import { deriveSeed, gaussian, randomHex, randomInt, seededRandom } from './random.ts';

const take = (random: () => number, n: number) => Array.from({ length: n }, random);

describe('seededRandom', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    expect(take(seededRandom(42), 20)).toEqual(take(seededRandom(42), 20));
    expect(take(seededRandom(42), 20)).not.toEqual(take(seededRandom(43), 20));
  });

  it('stays in [0, 1) and spreads over it', () => {
    const values = take(seededRandom(7), 10_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });
});

describe('helpers', () => {
  it('derives different seeds per part and the same seed for the same parts', () => {
    expect(deriveSeed(1, 'B827EB000001', 'sensors')).toBe(deriveSeed(1, 'B827EB000001', 'sensors'));
    expect(deriveSeed(1, 'B827EB000001', 'sensors')).not.toBe(deriveSeed(1, 'B827EB000002', 'sensors'));
    expect(deriveSeed(1, 'B827EB000001', 'sensors')).not.toBe(deriveSeed(2, 'B827EB000001', 'sensors'));
  });

  it('draws integers within both bounds', () => {
    const random = seededRandom(3);
    const values = new Set(Array.from({ length: 500 }, () => randomInt(random, 1, 5)));
    expect([...values].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('draws upper-case hex and roughly standard normal values', () => {
    const random = seededRandom(5);
    expect(randomHex(random, 12)).toMatch(/^[0-9A-F]{12}$/);
    const values = Array.from({ length: 5_000 }, () => gaussian(random));
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length;
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(variance).toBeGreaterThan(0.9);
    expect(variance).toBeLessThan(1.1);
  });
});
