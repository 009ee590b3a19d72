import { type GatewaySummary, type InstructionType, liveInstructionTopic } from '@portal/contract';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useLiveStatus, useLiveTopic } from '../../lib/mqtt.ts';
import { createInstruction } from './api/create-instruction.ts';
import { deleteInstruction } from './api/delete-instruction.ts';
import {
  IDLE_REQUEST,
  type InstructionRequestState,
  instructionRequestReducer,
  openInstructionUid,
} from './instruction-request.ts';

export interface InstructionRequestOptions {
  gateway: Pick<GatewaySummary, 'macId' | 'scopeId' | 'deviceStatus'>;
  type: InstructionType;
  /** How long the browser waits for the answer, from the moment the request is sent. */
  timeoutMs: number;
  /** Wait this long before sending (the diagnostics dialog starts after 0.5 s). */
  startDelayMs?: number;
  /** Called once when the browser gave up on instruction `uid` (e.g. to mark it failed). */
  onTimedOut?: (uid: string) => void;
}

export interface InstructionRequest {
  state: InstructionRequestState;
  /** Sends a new request (a first one, or 'Try again...'); an offline gateway gets nothing. */
  start: () => void;
}

const ignoreFailure = () => undefined;

/**
 * One instruction request of a dialog: POST /api/instruction, then the answer on the gateway's live
 * instructions channel, or the browser's time-out. Closing the dialog (unmounting) before the answer deletes
 * the pending instruction, as does a request that comes back after the dialog closed.
 */
export function useInstructionRequest(options: InstructionRequestOptions): InstructionRequest {
  const { gateway, type, timeoutMs, startDelayMs = 0, onTimedOut } = options;
  const [state, dispatch] = useReducer(instructionRequestReducer, IDLE_REQUEST);
  const attempts = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const closed = useRef(false);
  const openUid = useRef<string | null>(null);
  openUid.current = openInstructionUid(state);

  useLiveTopic(liveInstructionTopic(gateway.scopeId, gateway.macId, type), (message) =>
    dispatch({ type: 'message', message }),
  );

  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);

  const { macId } = gateway;
  const send = useCallback(
    (attempt: number) =>
      createInstruction({ macId, type }).then(
        ({ uid }) => {
          if (closed.current) deleteInstruction(uid).catch(ignoreFailure);
          else dispatch({ type: 'created', attempt, uid });
        },
        (error: Error) => dispatch({ type: 'refused', attempt, message: error.message }),
      ),
    [macId, type],
  );

  // The answer comes back on the live channel: a request is sent only while it is connected (e.g. not in the
  // first moments after the page loaded), or the answer could pass before the browser listens.
  const liveConnected = useLiveStatus() === 'connected';
  const liveReady = useRef(liveConnected);
  liveReady.current = liveConnected;
  const deferredSend = useRef<(() => void) | null>(null);
  useEffect(() => {
    const sendNow = deferredSend.current;
    if (!liveConnected || !sendNow) return;
    deferredSend.current = null;
    sendNow();
  }, [liveConnected]);

  const offline = gateway.deviceStatus === 'offline';
  const start = useCallback(() => {
    attempts.current += 1;
    const attempt = attempts.current;
    deferredSend.current = null;
    if (offline) {
      dispatch({ type: 'offline', attempt });
      return;
    }
    dispatch({ type: 'send', attempt });
    later(startDelayMs, () => {
      later(timeoutMs, () => dispatch({ type: 'timeout', attempt }));
      if (liveReady.current) send(attempt);
      else deferredSend.current = () => send(attempt);
    });
  }, [offline, later, startDelayMs, timeoutMs, send]);

  const timedOutUid = state.phase === 'timedOut' ? state.uid : null;
  const handleTimedOut = useRef(onTimedOut);
  handleTimedOut.current = onTimedOut;
  useEffect(() => {
    if (timedOutUid) handleTimedOut.current?.(timedOutUid);
  }, [timedOutUid]);

  useEffect(() => {
    closed.current = false;
    const pending = timers.current;
    return () => {
      closed.current = true;
      deferredSend.current = null;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      if (openUid.current) deleteInstruction(openUid.current).catch(ignoreFailure);
    };
  }, []);

  return { state, start };
}
