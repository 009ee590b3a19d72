import { deviceUp, type PumpReport, pumpReport } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUMP_READING_MS, PumpDevice } from './pump-device.ts';
import { seededRandom } from './random.ts';
import { Timers } from './timers.ts';

const MAC = 'AABBCCDDEEFF';
const COMMAND_TOPIC = `gateways/tenant-1/command/${MAC}`;

describe('the demo pump of a simulated gateway', () => {
  let timers: Timers;
  let reports: PumpReport[];
  let warnings: string[];
  let pump: PumpDevice;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-01-05T10:00:00Z') });
    timers = new Timers();
    reports = [];
    warnings = [];
    pump = new PumpDevice(MAC, timers, seededRandom(3), {
      publish: (topic, report) => {
        expect(topic).toBe(deviceUp.pump(MAC));
        reports.push(report);
      },
      warn: (message) => warnings.push(message),
    });
    pump.start();
  });
  afterEach(() => {
    timers.cancelAll();
    vi.useRealTimers();
  });

  const command = (body: unknown) => pump.handled(COMMAND_TOPIC, JSON.stringify(body));
  const last = () => reports.at(-1)!;

  it('reports valid readings at once and every reading period, the pump stopped', () => {
    expect(reports).toHaveLength(1);
    vi.advanceTimersByTime(3 * PUMP_READING_MS);
    expect(reports).toHaveLength(4);
    for (const report of reports) {
      expect(pumpReport.parse(report)).toEqual(report);
      expect(report).toMatchObject({ PUMP: 0, END: null });
      expect(report.RAW).toBeGreaterThanOrEqual(0);
      expect(report.RAW).toBeLessThanOrEqual(1023);
    }
  });

  it('runs N seconds on a PUMP command, reporting the start and the stop, and the soil gets wetter', () => {
    const startedAt = Date.now();
    const before = last();
    expect(command({ command: 'PUMP', PUMP: 1, seconds: 5 })).toBe(true);
    expect(last()).toMatchObject({ PUMP: 1, END: startedAt + 5000 });
    expect(pump.running).toBe(true);

    vi.advanceTimersByTime(4999);
    expect(last().PUMP).toBe(1);
    vi.advanceTimersByTime(1);
    expect(pump.running).toBe(false);
    expect(last()).toMatchObject({ PUMP: 0, END: null, TI: startedAt + 5000 });
    expect(last().SOIL).toBeGreaterThan(before.SOIL + 5);
    expect(last().RAW).toBeLessThan(before.RAW);
    // Readings go on with the pump stopped.
    const count = reports.length;
    vi.advanceTimersByTime(PUMP_READING_MS);
    expect(reports).toHaveLength(count + 1);
    expect(last().PUMP).toBe(0);
    expect(last().TI).toBeGreaterThan(startedAt + 5000);
  });

  it('stops at once on PUMP 0; a repeated start runs from the last command', () => {
    command({ command: 'PUMP', PUMP: 1, seconds: 60 });
    vi.advanceTimersByTime(10_000);
    command({ command: 'PUMP', PUMP: 1, seconds: 3 });
    expect(last().END).toBe(Date.now() + 3000);
    vi.advanceTimersByTime(3000);
    expect(pump.running).toBe(false);

    command({ command: 'PUMP', PUMP: 1, seconds: 30 });
    vi.advanceTimersByTime(1000);
    const count = reports.length;
    command({ command: 'PUMP', PUMP: 0 });
    expect(reports).toHaveLength(count + 1);
    expect(last()).toMatchObject({ PUMP: 0, END: null });
    // Its old stop timer is gone: nothing more than the periodic readings follow.
    vi.advanceTimersByTime(30_000);
    expect(reports.every((r, i) => i <= count || r.PUMP === 0)).toBe(true);
  });

  it('ignores pump commands out of bounds and leaves other commands to the gateway', () => {
    for (const seconds of [0, 61, 2.5]) {
      expect(command({ command: 'PUMP', PUMP: 1, seconds })).toBe(true);
    }
    expect(pump.running).toBe(false);
    expect(warnings).toHaveLength(3);
    expect(command({ command: 'SCAN' })).toBe(false);
    expect(pump.handled(`gateways/tenant-1/command/112233445566`, '{"command":"PUMP","PUMP":0}')).toBe(false);
  });
});
