import { deviceStateMessage, MAC_PATTERN } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  driftSignalLevel,
  firmwareVersion,
  generateGatewayMac,
  NETWORK,
  randomDeviceFacts,
  utcOffsetHours,
} from './device-profile.ts';
import { seededRandom } from './random.ts';

describe('device profile', () => {
  it('draws facts the contract accepts in a state message', () => {
    const random = seededRandom(1);
    for (let i = 0; i < 200; i++) {
      const facts = randomDeviceFacts(random);
      expect(deviceStateMessage.safeParse({ TI: Date.UTC(2025, 0, 1), ...facts }).success).toBe(true);
      expect(facts.OS).toMatch(/^\d+\.\d+\.\d+$/);
      if (facts.NW === NETWORK.ethernet) expect(facts.SS).toBe(5);
    }
  });

  it('names firmware by release date and gateways by a Raspberry Pi MAC', () => {
    const random = seededRandom(2);
    expect(firmwareVersion(random)).toMatch(/^v202[45]-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])$/);
    const mac = generateGatewayMac(random);
    expect(mac).toMatch(MAC_PATTERN);
    expect(mac.startsWith('B827EB')).toBe(true);
  });

  it('lets a wireless signal drift by at most one level within 0..5', () => {
    const random = seededRandom(3);
    const facts = { ...randomDeviceFacts(random), NW: NETWORK.wifi, SS: 5 };
    for (let i = 0; i < 100; i++) {
      const next = driftSignalLevel(facts, random);
      expect(Math.abs(next - facts.SS)).toBeLessThanOrEqual(1);
      expect(next).toBeGreaterThanOrEqual(0);
      expect(next).toBeLessThanOrEqual(5);
      facts.SS = next;
    }
  });

  it('derives the local time zone from the longitude', () => {
    expect(utcOffsetHours({ LNG: 77.6 })).toBe(5);
    expect(utcOffsetHours({ LNG: -73.98 })).toBe(-5);
    expect(utcOffsetHours({})).toBe(0);
  });
});
