import { deviceLogsResultText, instructionMessages } from '@portal/contract';
import type { InstructionRequestState } from './instruction-request.ts';

const m = instructionMessages;

/**
 * Device logs may be requested by vendor staff (e-mail domains from the configuration) and root users, for a
 * connected gateway (spec 001 sections 2 and 6).
 */
export function canRequestDeviceLogs(
  viewer: { isRootUser: boolean; vendorStaff: boolean },
  gateway: { deviceStatus: 'online' | 'offline' },
): boolean {
  return (viewer.isRootUser || viewer.vendorStaff) && gateway.deviceStatus === 'online';
}

export interface DeviceLogsView {
  /** A request is under way: the button waits. */
  busy: boolean;
  /** The gateway's upload progress in percent, once it reports one. */
  percent: number | null;
  /** What the panel says, in order. */
  lines: { text: string; failed: boolean }[];
  /** The saved file's download link. */
  url: string | null;
}

const IDLE: DeviceLogsView = { busy: false, percent: null, lines: [], url: null };

function percentOf(value: unknown): number | null {
  const percent = typeof value === 'string' ? Number(value) : value;
  if (typeof percent !== 'number' || !Number.isFinite(percent)) return null;
  return Math.min(100, Math.max(0, Math.round(percent)));
}

/**
 * The device-logs request as the panel shows it (spec 001 section 4, Device logs request): 'Requesting
 * device ...', then the percent, then 'Device logs saved successfully' with 'Download link is ready, please
 * click on icon' and the link; or 'Requesting device logs timed out' / 'Failed to fetch logs URL'.
 */
export function deviceLogsView(state: InstructionRequestState): DeviceLogsView {
  switch (state.phase) {
    case 'idle':
      return IDLE;
    case 'offline':
      return { ...IDLE, lines: [{ text: m.gatewayOffline, failed: true }] };
    case 'refused':
      return { ...IDLE, lines: [{ text: state.message, failed: true }] };
    case 'timedOut':
      return { ...IDLE, lines: [{ text: m.logsTimedOut, failed: true }] };
    case 'sending':
      return { ...IDLE, busy: true, lines: [{ text: m.requestingDevice, failed: false }] };
    case 'waiting':
      return {
        ...IDLE,
        busy: true,
        percent: percentOf(state.progress),
        lines: [{ text: m.requestingDevice, failed: false }],
      };
    case 'ended': {
      const result = deviceLogsResultText(state.answer);
      if (!result || result.failed) {
        return { ...IDLE, lines: [{ text: result?.text ?? m.logsUrlFailed, failed: true }] };
      }
      return {
        ...IDLE,
        percent: 100,
        lines: [
          { text: result.text, failed: false },
          { text: m.logsLinkReady, failed: false },
        ],
        url: String(state.answer.value),
      };
    }
  }
}
