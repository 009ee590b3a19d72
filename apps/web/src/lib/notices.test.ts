import { describe, expect, it } from 'vitest';
import { attachNoticeHost, type NoticeCommand, noticesWaiting, notify, onNoticeWaiting } from './notices.ts';

describe('notices before and after the snackbar host loads', () => {
  it('keeps what was asked before the host, hands it over in order, then delivers directly', () => {
    let asked = 0;
    const stopListening = onNoticeWaiting(() => {
      asked += 1;
    });
    const closeProgress = notify({ variant: 'info', text: 'Updating ...', untilClosed: true });
    closeProgress();
    expect(noticesWaiting()).toBe(true);
    expect(asked).toBe(2);
    stopListening();

    const received: NoticeCommand[] = [];
    const detach = attachNoticeHost((command) => received.push(command));
    expect(noticesWaiting()).toBe(false);
    const [shown, closed] = received;
    expect(shown).toMatchObject({ kind: 'show', notice: { text: 'Updating ...', untilClosed: true } });
    expect(closed).toEqual({ kind: 'close', key: shown?.key });

    notify({ variant: 'success', text: 'Details updated successfully' });
    expect(received).toHaveLength(3);
    expect(received[2]).toMatchObject({ kind: 'show', notice: { variant: 'success' } });
    expect(received[2]?.key).not.toBe(shown?.key);

    detach();
    notify({ variant: 'error', text: 'Failed' });
    expect(received).toHaveLength(3);
    expect(noticesWaiting()).toBe(true);
  });
});
