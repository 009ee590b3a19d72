import { describe, expect, it } from 'vitest';
import type { InstructionRequestState } from './instruction-request.ts';
import { capturedImageUrl, captureOutcome, diagnosticsOutcome } from './request-outcome.ts';

const ended = (status: 'SUCCESS' | 'ERROR' | 'FAILED', value?: unknown): InstructionRequestState => ({
  attempt: 1,
  phase: 'ended',
  uid: 'ab12cd34',
  answer: { uid: 'ab12cd34', type: 'X', status, value },
});
const offline: InstructionRequestState = { attempt: 1, phase: 'offline' };
const timedOut: InstructionRequestState = { attempt: 1, phase: 'timedOut', uid: 'ab12cd34' };
const refused = (message: string): InstructionRequestState => ({ attempt: 1, phase: 'refused', message });
const waiting: InstructionRequestState = {
  attempt: 1,
  phase: 'waiting',
  uid: 'ab12cd34',
  progress: undefined,
};

describe('diagnostics outcome', () => {
  it('has no text while under way', () => {
    expect(diagnosticsOutcome(waiting)).toBeNull();
    expect(diagnosticsOutcome({ attempt: 1, phase: 'sending', early: [] })).toBeNull();
    expect(diagnosticsOutcome({ attempt: 0, phase: 'idle' })).toBeNull();
  });

  it('gives every text of the spec', () => {
    expect(diagnosticsOutcome(ended('SUCCESS', { CP: 1 }))).toEqual({
      text: 'Gateway responded',
      failed: false,
    });
    expect(diagnosticsOutcome(timedOut)).toEqual({ text: 'Request timed out...', failed: true });
    expect(diagnosticsOutcome(ended('FAILED', 'Timed-out'))?.text).toBe('Request timed out...');
    expect(diagnosticsOutcome(ended('ERROR', 'GATEWAY_REBOOTED'))?.text).toBe('Gateway went to reboot.');
    expect(diagnosticsOutcome(ended('ERROR', 'ERR_SENDING_ZIP'))?.text).toBe(
      'Error occurred while sending zip file.',
    );
    expect(diagnosticsOutcome(ended('ERROR', 'ERR_DISK'))).toEqual({
      text: 'Error occurred at gateway...',
      failed: true,
    });
    expect(diagnosticsOutcome(offline)).toEqual({ text: 'Gateway is offline...', failed: true });
    expect(diagnosticsOutcome(refused('Gateway is offline...'))?.text).toBe('Gateway is offline...');
  });
});

describe('capture outcome', () => {
  it('gives every text of the spec', () => {
    expect(captureOutcome(ended('SUCCESS', '/api/instruction/ab12cd34/image'))).toEqual({
      text: 'Image capture success...',
      failed: false,
    });
    expect(captureOutcome(ended('ERROR', 'ERR_CAMERA_CAPTURE'))?.text).toBe(
      'Error occurred while capturing the image.',
    );
    expect(captureOutcome(ended('ERROR', 'GATEWAY_REBOOTED'))?.text).toBe('Gateway went to reboot.');
    expect(captureOutcome(ended('SUCCESS', ''))).toEqual({ text: 'Invalid Gateway response.', failed: true });
    expect(captureOutcome(ended('SUCCESS'))?.text).toBe('Invalid Gateway response.');
    expect(captureOutcome(timedOut)).toEqual({ text: 'Request timed out.', failed: true });
    expect(captureOutcome(refused('Request failed with status 500'))).toEqual({
      text: 'Capture request failed...',
      failed: true,
    });
    expect(captureOutcome(refused('Gateway is offline...'))?.text).toBe('Gateway is offline...');
    expect(captureOutcome(offline)?.text).toBe('Gateway is offline...');
    expect(captureOutcome(waiting)).toBeNull();
  });

  it('shows the image only of a successful capture', () => {
    expect(capturedImageUrl(ended('SUCCESS', '/api/instruction/ab12cd34/image'))).toBe(
      '/api/instruction/ab12cd34/image',
    );
    expect(capturedImageUrl(ended('ERROR', 'ERR_CAMERA_CAPTURE'))).toBeNull();
    expect(capturedImageUrl(ended('SUCCESS', ''))).toBeNull();
    expect(capturedImageUrl(waiting)).toBeNull();
  });
});
