import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args.ts';
import { generateCredentials, parseCredentials } from './credentials.ts';
import { reconnectDelayMs } from './gateway-client.ts';
import { seededRandom } from './random.ts';

describe('parseCliArgs', () => {
  it('defaults to the embedded broker, 5 s telemetry and seed 1', () => {
    expect(parseCliArgs([])).toMatchObject({
      brokerUrl: 'mqtt://127.0.0.1:1884',
      count: undefined,
      telemetryIntervalMs: 5000,
      seed: 1,
      offlineProbability: 0,
      protocolVersion: 4,
    });
  });

  it('reads every option and refuses bad values by name', () => {
    const args = parseCliArgs([
      '--broker',
      'mqtt://h:1',
      '--count',
      '3',
      '--credentials',
      'c.json',
      '--interval',
      '250',
    ]);
    expect(args).toMatchObject({
      brokerUrl: 'mqtt://h:1',
      count: 3,
      credentialsFile: 'c.json',
      telemetryIntervalMs: 250,
    });
    expect(() => parseCliArgs(['--count', '0'])).toThrow(/--count/);
    expect(() => parseCliArgs(['--offline-probability', '2'])).toThrow(/--offline-probability/);
    expect(() => parseCliArgs(['--mqtt-version', '3'])).toThrow(/--mqtt-version/);
    expect(() => parseCliArgs(['--bogus'])).toThrow();
  });

  it('reads the lock settings given, and only those', () => {
    expect(parseCliArgs([]).locks).toEqual({});
    expect(
      parseCliArgs([
        '--lock-openings-per-hour',
        '12',
        '--lock-jam-rate',
        '0.01',
        '--lock-memory-capacity',
        '8',
        '--lock-out-of-range-per-hour',
        '0',
      ]).locks,
    ).toEqual({ openingsPerHour: 12, jamRate: 0.01, memoryCapacity: 8, outOfRangePerHour: 0 });
    expect(() => parseCliArgs(['--lock-refusal-rate', '1.5'])).toThrow(/--lock-refusal-rate/);
    expect(() => parseCliArgs(['--lock-memory-capacity', '0'])).toThrow(/--lock-memory-capacity/);
    expect(() => parseCliArgs(['--lock-clock-drift-ppm', '-1'])).toThrow(/--lock-clock-drift-ppm/);
  });
});

describe('credentials', () => {
  it('reads a credentials file and normalises MACs', () => {
    expect(
      parseCredentials([
        { mac: 'b8:27:eb:00:00:01', password: 'secret', scopeId: 's1' },
        { mac: 'B827EB000002' },
      ]),
    ).toEqual([{ mac: 'B827EB000001', password: 'secret', scopeId: 's1' }, { mac: 'B827EB000002' }]);
    expect(() => parseCredentials({})).toThrow(/array/);
    expect(() => parseCredentials([{ mac: 'nope' }])).toThrow(/credentials\[0\]\.mac/);
    expect(() => parseCredentials([{ mac: 'B827EB000001', password: 5 }])).toThrow(/password/);
  });

  it('reads whether the demo pump is fitted', () => {
    expect(
      parseCredentials([
        { mac: 'B827EB000001', pump: true },
        { mac: 'B827EB000002', pump: false },
      ]),
    ).toEqual([{ mac: 'B827EB000001', pump: true }, { mac: 'B827EB000002' }]);
    expect(() => parseCredentials([{ mac: 'B827EB000001', pump: 'yes' }])).toThrow(/pump/);
  });

  it('generates distinct MACs, the same ones for the same seed', () => {
    const macs = generateCredentials(50, 1).map((c) => c.mac);
    expect(new Set(macs).size).toBe(50);
    expect(generateCredentials(50, 1).map((c) => c.mac)).toEqual(macs);
    expect(generateCredentials(50, 2).map((c) => c.mac)).not.toEqual(macs);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from about 1 s to at most about 30 s', () => {
    const random = seededRandom(1);
    expect(reconnectDelayMs(1, random)).toBeGreaterThanOrEqual(750);
    expect(reconnectDelayMs(1, random)).toBeLessThanOrEqual(1250);
    expect(reconnectDelayMs(3, random)).toBeGreaterThanOrEqual(3000);
    expect(reconnectDelayMs(20, random)).toBeLessThanOrEqual(37_500);
    expect(reconnectDelayMs(20, random)).toBeGreaterThanOrEqual(22_500);
  });
});
