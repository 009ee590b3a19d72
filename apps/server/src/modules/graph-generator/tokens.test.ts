import { describe, expect, it } from 'vitest';
import { correctTypos, lexiconFor } from './lexicon.ts';
import { numberValue } from './numbers.ts';
import { tokenize } from './tokens.ts';
import { normalize } from './vocabulary.ts';

const words = (text: string) => tokenize(normalize(text)).map((t) => `${t.kind}:${t.text}`);

describe('graph generator tokenizer', () => {
  it('splits gateway numbers, ranges and lists, and keeps MACs, dates and times whole', () => {
    expect(words('gw3 #4 1-3 1/2')).toEqual([
      'word:gw',
      'number:3',
      'op:#',
      'number:4',
      'number:1',
      'op:-',
      'number:3',
      'number:1',
      'op:/',
      'number:2',
    ]);
    expect(words('DE:00:00:00:00:03 2026-11-24 08:00')).toEqual([
      'mac:de0000000003',
      'word:2026-11-24t08:00',
    ]);
    expect(words('above 1,500')).toEqual(['word:above', 'number:1500']);
  });
});

describe('graph generator numbers', () => {
  it('reads digits and spelled numbers', () => {
    expect(numberValue('3')).toBe(3);
    expect(numberValue('2k')).toBe(2000);
    expect(numberValue('three')).toBe(3);
    expect(numberValue('twenty-one')).toBe(21);
    expect(numberValue('fifteen hundred')).toBe(1500);
    expect(numberValue('two thousand five hundred')).toBe(2500);
    expect(numberValue('three twelve')).toBeNull();
  });
});

describe('graph generator typo correction (edit distance over the tenant’s words)', () => {
  const catalogue = [
    { mac: 'AA0000000001', name: 'Kitchen Hub', tags: ['office'], places: ['Paris'], online: true },
  ];
  const fix = (text: string) => correctTypos(normalize(text), lexiconFor(catalogue)).text.trim();

  it('corrects to the nearest known word, the tenant’s names included', () => {
    expect(fix('temprature of kitchn hub yestarday')).toBe('temperature of kitchen hub yesterday');
    // An adjacent swap is one edit; "lats" is "last", not the filler "lets".
    expect(fix('co2 lats week dmeo')).toBe('co2 last week dmeo');
  });

  it('leaves a word alone when two known words are as near, or none is near enough', () => {
    // "median" is a known word (an aggregation the portal does not compute), never "mean".
    expect(fix('median co2')).toBe('median co2');
    expect(fix('co2 of blorf')).toBe('co2 of blorf');
  });
});
