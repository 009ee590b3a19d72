import { describe, expect, it } from 'vitest';
import { selectionCount } from './delete-selection.ts';

describe('selectionCount', () => {
  it('takes a preset, capped at the offline gateways listed', () => {
    expect(selectionCount(10, '', 200)).toBe(10);
    expect(selectionCount(50, '', 200)).toBe(50);
    expect(selectionCount(100, '', 30)).toBe(30);
  });

  it('takes every listed gateway for All', () => {
    expect(selectionCount('all', '', 123)).toBe(123);
  });

  it('takes a custom whole number from 1, capped at what is listed', () => {
    expect(selectionCount('custom', '1', 20)).toBe(1);
    expect(selectionCount('custom', ' 7 ', 20)).toBe(7);
    expect(selectionCount('custom', '500', 20)).toBe(20);
  });

  it('refuses a custom number below 1 or not a whole number', () => {
    expect(selectionCount('custom', '0', 20)).toBeNull();
    expect(selectionCount('custom', '-3', 20)).toBeNull();
    expect(selectionCount('custom', '2.5', 20)).toBeNull();
    expect(selectionCount('custom', '', 20)).toBeNull();
  });
});
