import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGOUT_PATH } from '../../lib/home-path.ts';

/** Spec 000 section 4: 15 minutes without activity logs the user out; activity is noticed at most every 500 ms. */
export const IDLE_TIMEOUT_MS = 900_000;
const ACTIVITY_DEBOUNCE_MS = 500;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export function useIdleLogout(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const expire = () => navigate(LOGOUT_PATH, { replace: true });
    let idleTimer = setTimeout(expire, IDLE_TIMEOUT_MS);
    let lastActivity = Date.now();
    const onActivity = () => {
      const now = Date.now();
      if (now - lastActivity < ACTIVITY_DEBOUNCE_MS) return;
      lastActivity = now;
      clearTimeout(idleTimer);
      idleTimer = setTimeout(expire, IDLE_TIMEOUT_MS);
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true });
    return () => {
      clearTimeout(idleTimer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity);
    };
  }, [navigate]);
}
