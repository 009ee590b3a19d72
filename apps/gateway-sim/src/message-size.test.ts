import { deviceUp, MAX_SAMPLES_PER_MESSAGE } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { randomDeviceFacts } from './device-profile.ts';
import { type InstructionContext, planInstruction } from './instructions.ts';
import { seededRandom } from './random.ts';
import { sensorSample } from './sensor-model.ts';

/** The portal's default MQTT_MAX_PACKET_BYTES (docs/mqtt.md section 4), fixed header included. */
const MAX_PACKET_BYTES = 256 * 1024;
const MAC = 'B827EB1A2B3C';
/** A QoS 1 PUBLISH: at most 5 bytes of fixed header, the topic with its length, the packet id. */
const packetBytes = (topic: string, payload: string) =>
  5 + 2 + Buffer.byteLength(topic) + 2 + Buffer.byteLength(payload);

describe('the simulator stays within the packet limit', () => {
  it('sends a full backlog batch of every sensor well within it', () => {
    const random = seededRandom(1);
    const samples = Array.from({ length: MAX_SAMPLES_PER_MESSAGE }, (_, i) =>
      sensorSample(1_735_725_600_000 + i * 5000, random),
    );
    const size = packetBytes(deviceUp.telemetry(MAC), JSON.stringify({ samples }));
    expect(size).toBeLessThan(MAX_PACKET_BYTES / 2);
  });

  it('answers a camera capture and a log request within it', () => {
    const context: InstructionContext = {
      facts: { ...randomDeviceFacts(seededRandom(1)), CMS: 1 },
      live: { currentState: 'IdleState' },
      uptimeSeconds: 12,
      cpuPercent: 20,
      memoryMegabytes: 400,
      now: 1_735_725_600_000,
    };
    for (const type of ['CAMERA_CAPTURE', 'LOGS'] as const) {
      const { response } = planInstruction({ type, uid: 'k1' }, context);
      expect(packetBytes(deviceUp.response(MAC, 'camera', 'k1'), JSON.stringify(response))).toBeLessThan(
        MAX_PACKET_BYTES,
      );
    }
  });
});
