import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncer } from './debounce.ts';
import { SEARCH_DEBOUNCE_MS } from './search-rules.ts';

describe('createDebouncer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands the value on once 2.5 s pass without typing', () => {
    const settled = vi.fn();
    const debouncer = createDebouncer(SEARCH_DEBOUNCE_MS, settled);
    debouncer.push('gat');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(settled).toHaveBeenCalledExactlyOnceWith('gat');
  });

  it('restarts the wait on every keystroke and hands on only the last value', () => {
    const settled = vi.fn();
    const debouncer = createDebouncer(SEARCH_DEBOUNCE_MS, settled);
    debouncer.push('g');
    vi.advanceTimersByTime(2000);
    debouncer.push('ga');
    vi.advanceTimersByTime(2000);
    debouncer.push('gat');
    vi.advanceTimersByTime(2499);
    expect(settled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(settled).toHaveBeenCalledExactlyOnceWith('gat');
  });

  it('hands nothing on once cancelled', () => {
    const settled = vi.fn();
    const debouncer = createDebouncer(SEARCH_DEBOUNCE_MS, settled);
    debouncer.push('gat');
    debouncer.cancel();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(settled).not.toHaveBeenCalled();
  });
});
