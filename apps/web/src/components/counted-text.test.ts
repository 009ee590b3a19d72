import { describe, expect, it } from 'vitest';
import { lengthCounter } from './counted-text.ts';

describe('lengthCounter', () => {
  it('counts as n/max', () => {
    expect(lengthCounter('Ada', 20)).toBe('3/20');
  });
});
