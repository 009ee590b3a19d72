import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_DEBOUNCE_MS, IDLE_TIMEOUT_MS, startIdleTimer } from './use-idle-logout.ts';

describe('idle timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('times out after 900000 ms (15 minutes) without activity', () => {
    expect(IDLE_TIMEOUT_MS).toBe(900_000);
    const onIdle = vi.fn();
    startIdleTimer(onIdle);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('starts the 15 minutes again on activity', () => {
    const onIdle = vi.fn();
    const timer = startIdleTimer(onIdle);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000);
    timer.activity();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('ignores activity within 500 ms of the last noticed one', () => {
    expect(ACTIVITY_DEBOUNCE_MS).toBe(500);
    const onIdle = vi.fn();
    const timer = startIdleTimer(onIdle);
    vi.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS - 1);
    timer.activity();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - ACTIVITY_DEBOUNCE_MS + 1);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('notices activity 500 ms after the last noticed one', () => {
    const onIdle = vi.fn();
    const timer = startIdleTimer(onIdle);
    vi.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS);
    timer.activity();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('does nothing once stopped', () => {
    const onIdle = vi.fn();
    startIdleTimer(onIdle).stop();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
