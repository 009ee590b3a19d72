import { describe, expect, it } from 'vitest';
import {
  IDLE_REQUEST,
  type InstructionRequestEvent,
  type InstructionRequestState,
  instructionRequestReducer,
  isInProgress,
  openInstructionUid,
} from './instruction-request.ts';

const run = (events: InstructionRequestEvent[], from: InstructionRequestState = IDLE_REQUEST) =>
  events.reduce(instructionRequestReducer, from);

const answer = (uid: string, status: string, value?: unknown) => ({
  type: 'message' as const,
  message: { uid, type: 'DIAGNOSTICS', status, value },
});

describe('instruction request', () => {
  it('waits for the answer of its own uid and ends with it', () => {
    const waiting = run([
      { type: 'send', attempt: 1 },
      { type: 'created', attempt: 1, uid: 'ab12cd34' },
    ]);
    expect(waiting).toMatchObject({ phase: 'waiting', uid: 'ab12cd34' });
    expect(openInstructionUid(waiting)).toBe('ab12cd34');
    expect(isInProgress(waiting)).toBe(true);

    expect(run([answer('other123', 'SUCCESS')], waiting)).toBe(waiting);
    const ended = run([answer('ab12cd34', 'SUCCESS', { CP: 12 })], waiting);
    expect(ended).toMatchObject({ phase: 'ended', answer: { status: 'SUCCESS', value: { CP: 12 } } });
    expect(openInstructionUid(ended)).toBeNull();
    expect(isInProgress(ended)).toBe(false);
  });

  it('keeps an answer that arrives before the request comes back', () => {
    const ended = run([
      { type: 'send', attempt: 1 },
      answer('other123', 'SUCCESS'),
      answer('ab12cd34', 'ERROR', 'GATEWAY_REBOOTED'),
      { type: 'created', attempt: 1, uid: 'ab12cd34' },
    ]);
    expect(ended).toMatchObject({ phase: 'ended', uid: 'ab12cd34', answer: { value: 'GATEWAY_REBOOTED' } });
  });

  it('keeps waiting through progress messages and remembers the latest value', () => {
    const state = run([
      { type: 'send', attempt: 1 },
      { type: 'created', attempt: 1, uid: 'k1' },
      answer('k1', 'PROGRESS', 40),
      answer('k1', 'PROGRESS', 80),
    ]);
    expect(state).toMatchObject({ phase: 'waiting', progress: 80 });
  });

  it('times out while sending or waiting, and learns the uid of a late request', () => {
    expect(
      run([
        { type: 'send', attempt: 1 },
        { type: 'timeout', attempt: 1 },
      ]),
    ).toMatchObject({
      phase: 'timedOut',
      uid: null,
    });
    expect(
      run([
        { type: 'send', attempt: 1 },
        { type: 'timeout', attempt: 1 },
        { type: 'created', attempt: 1, uid: 'k1' },
      ]),
    ).toMatchObject({ phase: 'timedOut', uid: 'k1' });
    const timedOut = run([
      { type: 'send', attempt: 1 },
      { type: 'created', attempt: 1, uid: 'k1' },
      { type: 'timeout', attempt: 1 },
    ]);
    expect(timedOut).toMatchObject({ phase: 'timedOut', uid: 'k1' });
    // An answer after the time-out changes nothing: the user already sees 'Request timed out.'.
    expect(run([answer('k1', 'SUCCESS')], timedOut)).toBe(timedOut);
  });

  it('ignores the time-out of an answered request', () => {
    const ended = run([
      { type: 'send', attempt: 1 },
      { type: 'created', attempt: 1, uid: 'k1' },
      answer('k1', 'SUCCESS'),
    ]);
    expect(run([{ type: 'timeout', attempt: 1 }], ended)).toBe(ended);
  });

  it('shows the refusal of the request', () => {
    expect(
      run([
        { type: 'send', attempt: 1 },
        { type: 'refused', attempt: 1, message: 'Gateway is offline...' },
      ]),
    ).toMatchObject({ phase: 'refused', message: 'Gateway is offline...' });
  });

  it('ignores what a previous attempt brings after a retry', () => {
    const retried = run([
      { type: 'send', attempt: 1 },
      { type: 'timeout', attempt: 1 },
      { type: 'send', attempt: 2 },
      { type: 'created', attempt: 1, uid: 'old' },
      { type: 'timeout', attempt: 1 },
      { type: 'refused', attempt: 1, message: 'late' },
    ]);
    expect(retried).toMatchObject({ attempt: 2, phase: 'sending' });
    expect(run([{ type: 'created', attempt: 2, uid: 'new' }], retried)).toMatchObject({
      phase: 'waiting',
      uid: 'new',
    });
  });

  it('goes to offline without sending, and ignores malformed messages', () => {
    expect(run([{ type: 'offline', attempt: 1 }])).toMatchObject({ phase: 'offline' });
    const waiting = run([
      { type: 'send', attempt: 1 },
      { type: 'created', attempt: 1, uid: 'k1' },
    ]);
    expect(run([{ type: 'message', message: { uid: 'k1' } }], waiting)).toBe(waiting);
    expect(run([{ type: 'message', message: 'SUCCESS' }], waiting)).toBe(waiting);
  });
});
