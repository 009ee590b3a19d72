import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_DEBOUNCE_MS, IDLE_TIMEOUT_MS, IDLE_WARNING_MS, startIdleTimer } from './use-idle-logout.ts';

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
    startIdleTimer({ onIdle });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('starts the 15 minutes again on activity', () => {
    const onIdle = vi.fn();
    const timer = startIdleTimer({ onIdle });
    // Before the warning: after it, only 'Stay signed in' counts.
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - IDLE_WARNING_MS - 1000);
    timer.activity();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('ignores activity within 500 ms of the last noticed one', () => {
    expect(ACTIVITY_DEBOUNCE_MS).toBe(500);
    const onIdle = vi.fn();
    const timer = startIdleTimer({ onIdle });
    vi.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS - 1);
    timer.activity();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - ACTIVITY_DEBOUNCE_MS + 1);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('notices activity 500 ms after the last noticed one', () => {
    const onIdle = vi.fn();
    const timer = startIdleTimer({ onIdle });
    vi.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS);
    timer.activity();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('does nothing once stopped', () => {
    const onIdle = vi.fn();
    startIdleTimer({ onIdle }).stop();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('warns a minute before, and then only Stay signed in keeps the session', () => {
    expect(IDLE_WARNING_MS).toBe(60_000);
    const onWarn = vi.fn();
    const onIdle = vi.fn();
    const timer = startIdleTimer({ onWarn, onIdle });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - IDLE_WARNING_MS - 1);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalledOnce();
    // A mouse passing over the warning does not count.
    vi.advanceTimersByTime(ACTIVITY_DEBOUNCE_MS);
    timer.activity();
    vi.advanceTimersByTime(IDLE_WARNING_MS - ACTIVITY_DEBOUNCE_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    timer.stay();
    vi.advanceTimersByTime(IDLE_WARNING_MS);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - IDLE_WARNING_MS);
    expect(onWarn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(IDLE_WARNING_MS);
    expect(onIdle).toHaveBeenCalledOnce();
  });
});
