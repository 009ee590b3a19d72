import { INSTRUCTION_ERRORS, instructionMessages as m } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { canRequestDeviceLogs, deviceLogsView } from './device-logs.ts';
import type { InstructionRequestState } from './instruction-request.ts';

const ended = (status: 'SUCCESS' | 'ERROR' | 'FAILED', value: unknown): InstructionRequestState => ({
  attempt: 1,
  phase: 'ended',
  uid: 'abcd1234',
  answer: { uid: 'abcd1234', type: 'LOGS', status, value },
});

describe('canRequestDeviceLogs', () => {
  const online = { deviceStatus: 'online' as const };
  it('is for vendor staff and root users, on a connected gateway', () => {
    expect(canRequestDeviceLogs({ isRootUser: false, vendorStaff: true }, online)).toBe(true);
    expect(canRequestDeviceLogs({ isRootUser: true, vendorStaff: false }, online)).toBe(true);
    expect(canRequestDeviceLogs({ isRootUser: false, vendorStaff: false }, online)).toBe(false);
    expect(canRequestDeviceLogs({ isRootUser: true, vendorStaff: true }, { deviceStatus: 'offline' })).toBe(
      false,
    );
  });
});

describe('deviceLogsView', () => {
  it("says 'Requesting device ...' while asking, then shows the percent", () => {
    expect(deviceLogsView({ attempt: 1, phase: 'sending', early: [] })).toMatchObject({
      busy: true,
      percent: null,
      lines: [{ text: m.requestingDevice, failed: false }],
    });
    expect(deviceLogsView({ attempt: 1, phase: 'waiting', uid: 'u', progress: 42 }).percent).toBe(42);
    expect(deviceLogsView({ attempt: 1, phase: 'waiting', uid: 'u', progress: '7' }).percent).toBe(7);
    expect(deviceLogsView({ attempt: 1, phase: 'waiting', uid: 'u', progress: 140 }).percent).toBe(100);
    expect(deviceLogsView({ attempt: 1, phase: 'waiting', uid: 'u', progress: 'soon' }).percent).toBeNull();
  });

  it('gives the saved text, the link-ready text and the link on success', () => {
    expect(deviceLogsView(ended('SUCCESS', '/api/device-logs/k1'))).toEqual({
      busy: false,
      percent: 100,
      lines: [
        { text: m.logsSaved, failed: false },
        { text: m.logsLinkReady, failed: false },
      ],
      url: '/api/device-logs/k1',
    });
  });

  it('says the request timed out, from the server deadline or the browser', () => {
    expect(deviceLogsView(ended('FAILED', INSTRUCTION_ERRORS.timedOut)).lines).toEqual([
      { text: m.logsTimedOut, failed: true },
    ]);
    expect(deviceLogsView({ attempt: 1, phase: 'timedOut', uid: null }).lines).toEqual([
      { text: m.logsTimedOut, failed: true },
    ]);
  });

  it("says 'Failed to fetch logs URL' for an error or a success without a link", () => {
    expect(deviceLogsView(ended('ERROR', 'ERR_UPLOAD')).lines[0]?.text).toBe(m.logsUrlFailed);
    expect(deviceLogsView(ended('SUCCESS', undefined)).lines[0]?.text).toBe(m.logsUrlFailed);
  });

  it("shows the server's refusal and the offline text", () => {
    expect(deviceLogsView({ attempt: 1, phase: 'refused', message: 'No' }).lines[0]?.text).toBe('No');
    expect(deviceLogsView({ attempt: 1, phase: 'offline' }).lines[0]?.text).toBe(m.gatewayOffline);
  });
});
