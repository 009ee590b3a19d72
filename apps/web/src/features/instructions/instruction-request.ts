import { type LiveInstruction, liveInstruction } from '@portal/contract';

/**
 * Where one instruction request (diagnostics, camera capture, ...) stands, as the dialog asking for it sees
 * it. `attempt` numbers the requests of one dialog, so that a late answer of an abandoned attempt (a
 * time-out, then 'Try again...') changes nothing.
 */
export type InstructionRequestState = { attempt: number } & (
  | { phase: 'idle' }
  /** The gateway is offline: nothing was sent. */
  | { phase: 'offline' }
  /** The request is on its way; live answers that arrive before its uid is known are kept in `early`. */
  | { phase: 'sending'; early: LiveInstruction[] }
  /** Created; waiting for the gateway. `progress` is the value of the latest PROGRESS message, if any. */
  | { phase: 'waiting'; uid: string; progress: unknown }
  /** The gateway (or the server's deadline) ended it. */
  | { phase: 'ended'; uid: string; answer: LiveInstruction }
  /** The browser gave up waiting; `uid` is null when the request itself had not come back yet. */
  | { phase: 'timedOut'; uid: string | null }
  /** The server refused the request (offline, no permission...): its message. */
  | { phase: 'refused'; message: string }
);

export type InstructionRequestEvent =
  | { type: 'offline'; attempt: number }
  | { type: 'send'; attempt: number }
  | { type: 'created'; attempt: number; uid: string }
  | { type: 'refused'; attempt: number; message: string }
  | { type: 'timeout'; attempt: number }
  | { type: 'message'; message: unknown };

export const IDLE_REQUEST: InstructionRequestState = { attempt: 0, phase: 'idle' };

/** Answers kept while the request is on its way (a gateway answers once per uid, so a few suffice). */
const EARLY_LIMIT = 20;

/** What a live message says about instruction `uid`: the new state, or the same one when nothing changes. */
function withAnswer(
  state: InstructionRequestState,
  uid: string,
  answer: LiveInstruction,
): InstructionRequestState {
  if (answer.uid !== uid) return state;
  if (answer.status === 'PROGRESS')
    return { attempt: state.attempt, phase: 'waiting', uid, progress: answer.value };
  return { attempt: state.attempt, phase: 'ended', uid, answer };
}

function onCreated(state: InstructionRequestState, uid: string): InstructionRequestState {
  if (state.phase === 'timedOut') return { ...state, uid };
  if (state.phase !== 'sending') return state;
  let next: InstructionRequestState = { attempt: state.attempt, phase: 'waiting', uid, progress: undefined };
  for (const answer of state.early) {
    if (next.phase === 'waiting') next = withAnswer(next, uid, answer);
  }
  return next;
}

function onMessage(state: InstructionRequestState, message: unknown): InstructionRequestState {
  const parsed = liveInstruction.safeParse(message);
  if (!parsed.success) return state;
  if (state.phase === 'sending') {
    return { ...state, early: [...state.early, parsed.data].slice(-EARLY_LIMIT) };
  }
  if (state.phase === 'waiting') return withAnswer(state, state.uid, parsed.data);
  return state;
}

export function instructionRequestReducer(
  state: InstructionRequestState,
  event: InstructionRequestEvent,
): InstructionRequestState {
  switch (event.type) {
    case 'offline':
      return { attempt: event.attempt, phase: 'offline' };
    case 'send':
      return { attempt: event.attempt, phase: 'sending', early: [] };
    case 'message':
      return onMessage(state, event.message);
  }
  if (event.attempt !== state.attempt) return state;
  switch (event.type) {
    case 'created':
      return onCreated(state, event.uid);
    case 'refused':
      return state.phase === 'sending'
        ? { attempt: state.attempt, phase: 'refused', message: event.message }
        : state;
    case 'timeout':
      if (state.phase === 'sending') return { attempt: state.attempt, phase: 'timedOut', uid: null };
      if (state.phase === 'waiting') return { attempt: state.attempt, phase: 'timedOut', uid: state.uid };
      return state;
  }
}

/** The uid of an instruction still open at the gateway (created, not yet ended): closing must delete it. */
export function openInstructionUid(state: InstructionRequestState): string | null {
  return state.phase === 'waiting' ? state.uid : null;
}

/** Whether the request is under way (the dialog shows its spinner). */
export function isInProgress(state: InstructionRequestState): boolean {
  return state.phase === 'sending' || state.phase === 'waiting';
}
