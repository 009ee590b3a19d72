import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getUserDetails } from '../../api/get-user-details.ts';
import { onOtherTabs, tellOtherTabs } from '../../lib/browser-tabs.ts';
import { LOGOUT_PATH } from '../../lib/home-path.ts';
import { authPathWith } from '../../lib/return-path.ts';

/** Spec 000 section 4: 15 minutes without activity logs the user out; activity is noticed at most every 500 ms. */
export const IDLE_TIMEOUT_MS = 900_000;
export const ACTIVITY_DEBOUNCE_MS = 500;
/** The warning comes a minute before, with a way to stay. */
export const IDLE_WARNING_MS = 60_000;
/**
 * The server ends a session 15 minutes after its last request: activity in the browser tells it at most
 * every 5 minutes, so a user reading one screen is not signed out by the server meanwhile.
 */
export const KEEP_ALIVE_MS = 5 * 60_000;
/**
 * The browser's tabs share one session: activity in any of them keeps it, so a tab left in the background
 * does not sign out the one in use. Each tells the others at most this often.
 */
export const ACTIVITY_SHARE_MS = 10_000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export interface IdleTimer {
  /**
   * The user did something: the idle time starts again (unless noticed less than 500 ms ago, or warned);
   * true when it did.
   */
  activity(): boolean;
  /** 'Stay signed in' on the warning: the idle time starts again. */
  stay(): void;
  stop(): void;
}

/**
 * Calls `onWarn` a minute before `IDLE_TIMEOUT_MS` pass without noticed activity, then `onIdle`. Once warned,
 * only `stay()` keeps the session: a mouse passing over the page does not.
 */
export function startIdleTimer(
  handlers: { onWarn?: () => void; onIdle: () => void },
  now: () => number = Date.now,
): IdleTimer {
  let warnTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let warned = false;
  let lastActivity = now();
  const stop = () => {
    clearTimeout(warnTimer);
    clearTimeout(idleTimer);
  };
  const restart = () => {
    stop();
    warned = false;
    lastActivity = now();
    warnTimer = setTimeout(() => {
      warned = true;
      handlers.onWarn?.();
    }, IDLE_TIMEOUT_MS - IDLE_WARNING_MS);
    idleTimer = setTimeout(handlers.onIdle, IDLE_TIMEOUT_MS);
  };
  restart();
  return {
    activity() {
      if (warned || now() - lastActivity < ACTIVITY_DEBOUNCE_MS) return false;
      restart();
      return true;
    },
    stay: restart,
    stop,
  };
}

/** What the shell shows: the warning's deadline while it is due, and the way to stay. */
export interface IdleState {
  /** Epoch ms of the sign-out, while the warning is shown; null otherwise. */
  signOutAt: number | null;
  stay(): void;
}

/**
 * Idle time-out: a warning a minute before, then /logout, which ends the server session and opens the login
 * page saying why, with the way back to this page.
 */
export function useIdleLogout(): IdleState {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;
  const [signOutAt, setSignOutAt] = useState<number | null>(null);
  const timer = useRef<IdleTimer | null>(null);
  const lastKeepAlive = useRef(Date.now());
  const lastShared = useRef(0);

  useEffect(() => {
    const keepAlive = () => {
      lastKeepAlive.current = Date.now();
      // A lost session ends here the usual way (the API layer opens the login page).
      void getUserDetails().catch(() => undefined);
    };
    const idle = startIdleTimer({
      onWarn: () => setSignOutAt(Date.now() + IDLE_WARNING_MS),
      onIdle: () =>
        navigate(authPathWith(LOGOUT_PATH, { reason: 'idle', next: here.current }), { replace: true }),
    });
    const shareActivity = (force = false) => {
      if (!force && Date.now() - lastShared.current < ACTIVITY_SHARE_MS) return;
      lastShared.current = Date.now();
      tellOtherTabs({ kind: 'active' });
    };
    timer.current = {
      ...idle,
      stay() {
        idle.stay();
        setSignOutAt(null);
        keepAlive();
        shareActivity(true);
      },
    };
    const onActivity = () => {
      const noticed = idle.activity();
      if (Date.now() - lastKeepAlive.current >= KEEP_ALIVE_MS) keepAlive();
      if (noticed) shareActivity();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true });
    // Activity in another tab: the idle time starts again here too, and a shown warning goes.
    const stopListening = onOtherTabs((message) => {
      if (message.kind !== 'active') return;
      idle.stay();
      setSignOutAt(null);
    });
    return () => {
      idle.stop();
      stopListening();
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity);
    };
  }, [navigate]);

  return { signOutAt, stay: () => timer.current?.stay() };
}
