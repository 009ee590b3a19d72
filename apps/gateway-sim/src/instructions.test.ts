import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { greyJpeg } from './camera-frame.ts';
import { randomDeviceFacts } from './device-profile.ts';
import { type InstructionContext, LOGS_PROGRESS, planInstruction } from './instructions.ts';
import { seededRandom } from './random.ts';

const context = (overrides: Partial<InstructionContext['facts']> = {}): InstructionContext => ({
  facts: { ...randomDeviceFacts(seededRandom(1)), ...overrides },
  live: { currentState: 'IdleState' },
  uptimeSeconds: 12,
  cpuPercent: 20,
  memoryMegabytes: 400,
  now: 1_700_000_000_000,
});

describe('planInstruction', () => {
  it('answers diagnostics on the diagnostics response topic with the request key', () => {
    const plan = planInstruction({ type: 'DIAGNOSTICS', uid: 'k1' }, context());
    expect(plan.responseKind).toBe('diagnostics');
    expect(plan.response).toMatchObject({
      uid: 'k1',
      status: 'SUCCESS',
      value: { uptimeSeconds: 12, CP: 20 },
    });
    const value = plan.response.value as Record<string, string>;
    expect(Object.keys(value)).toEqual(
      expect.arrayContaining(['Network Info', 'Gateway Firmware', 'Memory Info', 'Gateway OS']),
    );
    expect(value['Memory Info']).toBe('400 MB used, CPU 20 %');
  });

  it('uploads device logs: progress 25, 50, 75, 100, then a gzipped log file', () => {
    const plan = planInstruction({ type: 'LOGS', uid: 'k8' }, { ...context(), mac: 'B827EB1A2B3C' });
    expect(plan.responseKind).toBe('logs');
    expect(plan.progress).toEqual(LOGS_PROGRESS);
    expect(LOGS_PROGRESS).toEqual([25, 50, 75, 100]);
    expect(plan.response.status).toBe('SUCCESS');
    const log = gunzipSync(Buffer.from(String(plan.response.value), 'base64')).toString('utf8');
    expect(log).toContain('B827EB1A2B3C uptime 12 s');
  });

  it('captures a JPEG only when a camera is fitted', () => {
    const withCamera = planInstruction({ type: 'CAMERA_CAPTURE', uid: 'k2' }, context({ CMS: 1 }));
    const image = Buffer.from(String(withCamera.response.value), 'base64');
    expect(image.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(image.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const without = planInstruction({ type: 'CAMERA_CAPTURE', uid: 'k3' }, context({ CMS: 0 }));
    expect(without.response).toMatchObject({ status: 'ERROR', value: 'ERR_CAMERA_CAPTURE' });
  });

  it('switches the hotspot to the requested state, or toggles it', () => {
    expect(planInstruction({ type: 'HOTSPOT', uid: 'k4', value: 1 }, context({ HS: 0 })).hotspotTarget).toBe(
      1,
    );
    expect(planInstruction({ type: 'HOTSPOT', uid: 'k5' }, context({ HS: 1 })).hotspotTarget).toBe(0);
  });

  it('answers diagnostics and camera captures with the configured error code, or with no value', () => {
    const failing = (instructionFailure: string) => ({ ...context({ CMS: 1 }), instructionFailure });
    const diagnostics = planInstruction({ type: 'DIAGNOSTICS', uid: 'k9' }, failing('ERR_SENDING_ZIP'));
    expect(diagnostics.responseKind).toBe('diagnostics');
    expect(diagnostics.response).toEqual({
      uid: 'k9',
      type: 'DIAGNOSTICS',
      status: 'ERROR',
      TI: 1_700_000_000_000,
      value: 'ERR_SENDING_ZIP',
    });
    const camera = planInstruction({ type: 'CAMERA_CAPTURE', uid: 'k10' }, failing('GATEWAY_REBOOTED'));
    expect(camera.responseKind).toBe('camera');
    expect(camera.response).toMatchObject({ status: 'ERROR', value: 'GATEWAY_REBOOTED' });
    // '' is an empty response: ERROR without a value.
    const empty = planInstruction({ type: 'CAMERA_CAPTURE', uid: 'k11' }, failing(''));
    expect(empty.response.status).toBe('ERROR');
    expect(empty.response).not.toHaveProperty('value');
    // Other instructions are answered as usual.
    const hotspot = planInstruction({ type: 'HOTSPOT', uid: 'k12', value: 1 }, failing('ERR_X'));
    expect(hotspot.response).toMatchObject({ status: 'SUCCESS', value: 1 });
  });

  it('acknowledges an unregistration and refuses unknown ones (lock instructions: lock-commands.ts)', () => {
    expect(planInstruction({ type: 'UNREGISTER', uid: 'k6' }, context()).response.status).toBe('SUCCESS');
    expect(planInstruction({ type: 'SELF_DESTRUCT', uid: 'k7' }, context()).response).toMatchObject({
      status: 'ERROR',
      value: 'ERR_UNSUPPORTED_INSTRUCTION',
    });
  });
});

describe('greyJpeg', () => {
  it('declares the requested size in its frame header', () => {
    const jpeg = greyJpeg(64, 48);
    const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(jpeg.readUInt16BE(frame + 5)).toBe(48);
    expect(jpeg.readUInt16BE(frame + 7)).toBe(64);
  });
});
