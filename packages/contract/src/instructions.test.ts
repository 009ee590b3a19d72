import { describe, expect, it } from 'vitest';
import {
  abortInstructionsQuestion,
  cameraResultText,
  createInstructionBody,
  deviceLogsResultText,
  diagnosticsResultText,
  instructionDeadlineMs,
  liveInstruction,
} from './instructions.ts';

const timedOut = { status: 'FAILED', value: 'Timed-out' } as const;

describe('instruction deadlines (spec 001 section 9)', () => {
  it('gives each type its time-out', () => {
    expect(instructionDeadlineMs('DIAGNOSTICS')).toBe(15_000);
    expect(instructionDeadlineMs('CAMERA_CAPTURE')).toBe(30_000);
    expect(instructionDeadlineMs('HOTSPOT')).toBe(90_000);
    expect(instructionDeadlineMs('LOCK_DEVICE_LOCK_UNLOCK')).toBe(24 * 3600_000);
  });

  it('waits 90 s for device logs only when appVersion is above 158', () => {
    expect(instructionDeadlineMs('LOGS')).toBe(60_000);
    expect(instructionDeadlineMs('LOGS', 158)).toBe(60_000);
    expect(instructionDeadlineMs('LOGS', 159)).toBe(90_000);
  });
});

describe('diagnosticsResultText', () => {
  it('maps every outcome to the spec text', () => {
    expect(diagnosticsResultText({ status: 'SUCCESS', value: { CP: 3 } })).toEqual({
      text: 'Gateway responded',
      failed: false,
    });
    expect(diagnosticsResultText(timedOut)).toEqual({ text: 'Request timed out...', failed: true });
    expect(diagnosticsResultText({ status: 'ERROR', value: 'GATEWAY_REBOOTED' })?.text).toBe(
      'Gateway went to reboot.',
    );
    expect(diagnosticsResultText({ status: 'ERROR', value: 'ERR_SENDING_ZIP' })?.text).toBe(
      'Error occurred while sending zip file.',
    );
    expect(diagnosticsResultText({ status: 'ERROR', value: 'ERR_OTHER' })?.text).toBe(
      'Error occurred at gateway...',
    );
    expect(diagnosticsResultText({ status: 'PROGRESS', value: 50 })).toBeNull();
  });
});

describe('cameraResultText', () => {
  it('maps every outcome to the spec text', () => {
    expect(cameraResultText({ status: 'SUCCESS', value: '/api/instruction/ab12cd34/image' })).toEqual({
      text: 'Image capture success...',
      failed: false,
    });
    expect(cameraResultText({ status: 'ERROR', value: 'ERR_CAMERA_CAPTURE' })).toEqual({
      text: 'Error occurred while capturing the image.',
      failed: true,
    });
    expect(cameraResultText({ status: 'ERROR', value: 'GATEWAY_REBOOTED' })?.text).toBe(
      'Gateway went to reboot.',
    );
    expect(cameraResultText({ status: 'SUCCESS', value: '' })?.text).toBe('Invalid Gateway response.');
    expect(cameraResultText({ status: 'SUCCESS' })?.text).toBe('Invalid Gateway response.');
    expect(cameraResultText(timedOut)?.text).toBe('Request timed out.');
    expect(cameraResultText({ status: 'ERROR', value: 'ERR_OTHER' })?.text).toBe('Capture request failed...');
  });
});

describe('deviceLogsResultText', () => {
  it('maps progress, success, time-out and failure', () => {
    expect(deviceLogsResultText({ status: 'PROGRESS', value: 25 })).toBeNull();
    expect(deviceLogsResultText({ status: 'SUCCESS', value: '/api/device-logs/k' })?.text).toBe(
      'Device logs saved successfully',
    );
    expect(deviceLogsResultText(timedOut)?.text).toBe('Requesting device logs timed out');
    expect(deviceLogsResultText({ status: 'ERROR', value: 'ERR_SENDING_ZIP' })?.text).toBe(
      'Failed to fetch logs URL',
    );
  });
});

describe('instruction shapes', () => {
  it('reads the abort question with the count', () => {
    expect(abortInstructionsQuestion(3)).toBe('Are you sure, you want to abort 3 instruction ?');
  });

  it('takes the lock instruction payload of the spec and refuses an unknown type', () => {
    expect(
      createInstructionBody.safeParse({
        macId: 'A4C138F00A01',
        gatewayMacId: 'B827EB1A2B3C',
        type: 'LOCK_DEVICE_LOCK_UNLOCK',
        locked: true,
        time: 1735725600000,
        name: 'Front door',
        scopeId: 's',
      }).success,
    ).toBe(true);
    expect(createInstructionBody.safeParse({ macId: 'B827EB1A2B3C', type: 'REBOOT' }).success).toBe(false);
    expect(
      liveInstruction.safeParse({ uid: 'ab12cd34', type: 'LOGS', status: 'PROGRESS', value: 25 }).success,
    ).toBe(true);
  });
});
