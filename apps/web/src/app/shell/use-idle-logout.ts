import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGOUT_PATH } from '../../lib/home-path.ts';

/** Spec 000 section 4: 15 minutes without activity logs the user out; activity is noticed at most every 500 ms. */
export const IDLE_TIMEOUT_MS = 900_000;
export const ACTIVITY_DEBOUNCE_MS = 500;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export interface IdleTimer {
  /** The user did something: the idle time starts again (unless noticed less than 500 ms ago). */
  activity(): void;
  stop(): void;
}

/** Calls `onIdle` once `IDLE_TIMEOUT_MS` pass without noticed activity. */
export function startIdleTimer(onIdle: () => void, now: () => number = Date.now): IdleTimer {
  let idleTimer = setTimeout(onIdle, IDLE_TIMEOUT_MS);
  let lastActivity = now();
  return {
    activity() {
      const time = now();
      if (time - lastActivity < ACTIVITY_DEBOUNCE_MS) return;
      lastActivity = time;
      clearTimeout(idleTimer);
      idleTimer = setTimeout(onIdle, IDLE_TIMEOUT_MS);
    },
    stop: () => clearTimeout(idleTimer),
  };
}

/** Idle time-out: /logout ends the server session, clears the local one and opens the login page. */
export function useIdleLogout(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = startIdleTimer(() => navigate(LOGOUT_PATH, { replace: true }));
    const onActivity = () => timer.activity();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true });
    return () => {
      timer.stop();
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity);
    };
  }, [navigate]);
}
