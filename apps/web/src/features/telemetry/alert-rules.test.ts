import type { GatewayEventEntry } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  alertColor,
  alertPanels,
  alertRowHeight,
  alertValueText,
  groupByDay,
  mergeEvents,
  rowTime,
  searchAlerts,
} from './alert-rules.ts';

const at = (day: number, hour: number) => new Date(2026, 10, day, hour, 5, 9).getTime();
const entry = (
  nme: string,
  val: string | number,
  extra: Partial<GatewayEventEntry> = {},
): GatewayEventEntry => ({
  nme,
  val,
  TI: at(20, 14),
  ...extra,
});

describe('alert colours', () => {
  it('are red for a low or high alert, green for a normal one', () => {
    expect(alertColor(entry('CO2 Low', 300, { alrt: 0, sr: 'CO2' }))).toBe('red');
    expect(alertColor(entry('CO2 High', 2300, { alrt: 1, sr: 'CO2' }))).toBe('red');
    expect(alertColor(entry('CO2 Normal', 900, { alrt: 2, sr: 'CO2' }))).toBe('green');
  });

  it("are red for 'ERR_HOTSPOT TRIGGER', 'Timed-out' and names that say failed", () => {
    expect(alertColor(entry('Hotspot Status', 'ERR_HOTSPOT TRIGGER'))).toBe('red');
    expect(alertColor(entry('Diagnostics', 'Timed-out'))).toBe('red');
    expect(alertColor(entry('Camera Capture failed', 'x@y.com'))).toBe('red');
    expect(alertColor(entry('Camera Capture Initiated', 'x@y.com'))).toBe('green');
  });

  it('are green for CPU and memory up to 50, red above', () => {
    expect(alertColor(entry('CPU Usage Normal', 50, { sr: 'CP', alrt: 1 }))).toBe('green');
    expect(alertColor(entry('CPU Usage High', 50.01, { sr: 'CP', alrt: 2 }))).toBe('red');
    expect(alertColor(entry('Memory High', 51, { sr: 'MM' }))).toBe('red');
  });
});

describe('alert panels', () => {
  const events = {
    SE: [entry('Gateway reboot', 'Portal', { TI: at(19, 9) })],
    SA: [
      entry('CO2 High', 2300, { sr: 'CO2', alrt: 1, TI: at(20, 10) }),
      entry('NH3 High', 70, { sr: 'NH3', alrt: 1, TI: at(20, 11) }),
      entry('CPU Usage High', 91, { sr: 'CP', alrt: 1, TI: at(20, 12) }),
    ],
  };

  it('puts sensor alerts apart from system alerts and events, newest first', () => {
    const panels = alertPanels(events);
    expect(panels.sensor.map((r) => r.name)).toEqual(['NH3 High', 'CO2 High']);
    expect(panels.system.map((r) => [r.name, r.type])).toEqual([
      ['CPU Usage High', 'alert'],
      ['Gateway reboot', 'event'],
    ]);
    expect(alertPanels(events, ['CO2', 'TEMP']).sensor.map((r) => r.name)).toEqual(['CO2 High']);
  });

  it('searches names and values ignoring case and spaces', () => {
    const { sensor } = alertPanels(events);
    expect(searchAlerts(sensor, '  nh3 ').map((r) => r.name)).toEqual(['NH3 High']);
    expect(searchAlerts(sensor, '2300').map((r) => r.name)).toEqual(['CO2 High']);
    expect(searchAlerts(sensor, '')).toHaveLength(2);
    expect(searchAlerts(sensor, 'nothing')).toEqual([]);
  });

  it('groups rows by day and shows the time of each', () => {
    const groups = groupByDay(alertPanels(events).system);
    expect(groups.map((g) => [g.day, g.rows.length])).toEqual([
      ['Nov 20th, 2026', 1],
      ['Nov 19th, 2026', 1],
    ]);
    expect(rowTime(at(20, 14))).toBe('2:05:09 pm');
  });

  it('cuts an e-mail value to 10 characters on narrow screens only', () => {
    expect(alertValueText('operator@example.com', true)).toBe('operator@e...');
    expect(alertValueText('operator@example.com', false)).toBe('operator@example.com');
    expect(alertValueText('a@b.co', true)).toBe('a@b.co');
    expect(alertValueText('ERR_HOTSPOT TRIGGER', true)).toBe('ERR_HOTSPOT TRIGGER');
  });

  it('makes rows 90 high, 110 under 1080 px and 104 under 400', () => {
    expect(alertRowHeight(1080)).toBe(90);
    expect(alertRowHeight(1079)).toBe(110);
    expect(alertRowHeight(400)).toBe(110);
    expect(alertRowHeight(399)).toBe(104);
  });
});

describe('merging events', () => {
  it('adds new items in time order and each item once', () => {
    const first = entry('CO2 High', 2300, { TI: at(20, 10) });
    const second = entry('CO2 Normal', 900, { TI: at(20, 9) });
    const merged = mergeEvents({ SE: [], SA: [first] }, { SA: [second, first] });
    expect(merged.SA).toEqual([second, first]);
    expect(mergeEvents(merged, { SA: [first] }).SA).toHaveLength(2);
    expect(mergeEvents(merged, {}).SE).toEqual([]);
  });
});
