import { describe, expect, it } from 'vitest';
import type { AlertRule } from './alert-rules.port.ts';
import { batteryLow, breaches, newestValues, sensorCondition, sensorType } from './conditions.ts';
import type { Incident } from './incidents.repository.ts';
import { alertItem, notificationText } from './messages.ts';

const sensorRule = (tenantId: string, overrides: Partial<AlertRule> = {}): AlertRule => ({
  id: 'rule',
  tenantId,
  name: 'Rule',
  kind: 'sensor',
  type: 'HIGH_CO2',
  thresholdType: 'HIGH',
  threshold: 1000,
  waitingSeconds: 0,
  repeatIntervalDays: null,
  scheduleDays: null,
  receivers: [],
  emailAlert: true,
  smsAlert: false,
  ...overrides,
});

describe('alert conditions', () => {
  it('maps every metric type of the spec to its telemetry key; the camera alert has none', () => {
    const keys = [
      'HIGH_CPU',
      'HIGH_MEMORY_USAGE',
      'HIGH_TEMP',
      'HIGH_CO2',
      'HIGH_NH3',
      'HIGH_NO2',
      'HIGH_CO',
      'HIGH_CO2_CTN',
      'HIGH_RSTC',
      'HIGH_TVOC',
    ].map((type) => sensorType(type)?.key);
    expect(keys).toEqual(['CP', 'MM', 'TEMP', 'CO2', 'NH3', 'NO2', 'CO', 'CO2_CTN', 'RSTC', 'TVOC']);
    expect(sensorType('CAMERA_MODULE_ALERT')).toBeNull();
    expect(sensorCondition(sensorRule('t', { threshold: null }))).toBeNull();
  });

  it('HIGH holds strictly above and LOW strictly below the threshold; the threshold itself is normal', () => {
    expect([999, 1000, 1000.01].map((v) => breaches({ high: true, threshold: 1000 }, v))).toEqual([
      false,
      false,
      true,
    ]);
    expect([-20.01, -20, -19].map((v) => breaches({ high: false, threshold: -20 }, v))).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('a battery alert holds at its level and below (0 and 100 included)', () => {
    expect([19, 20, 21].map((level) => batteryLow(sensorRule('t', { threshold: 20 }), level))).toEqual([
      true,
      true,
      false,
    ]);
    expect(batteryLow(sensorRule('t', { threshold: 0 }), 0)).toBe(true);
    expect(batteryLow(sensorRule('t', { threshold: 100 }), 100)).toBe(true);
  });

  it('takes the newest value of each key from a backlog, whatever the order', () => {
    const newest = newestValues([
      { TI: 3, CO2: 900 },
      { TI: 1, CO2: 2000, TEMP: 20 },
      { TI: 2, TEMP: 22 },
    ]);
    expect(Object.fromEntries(newest)).toEqual({ CO2: { value: 900, ti: 3 }, TEMP: { value: 22, ti: 2 } });
  });
});

describe('alert items and texts', () => {
  const incident = (overrides: Partial<Incident>): Incident => ({
    id: 'i',
    tenant_id: 't',
    rule_id: 'r',
    rule_tenant_id: 't',
    rule_name: 'Server room',
    kind: 'sensor',
    alert_type: 'HIGH_CPU',
    gateway_mac: 'AABBCCDDEEFF',
    subject: 'AABBCCDDEEFF',
    sensor: 'CP',
    level: 1,
    state: 'firing',
    value: 93.456,
    threshold: 90,
    recovery_ms: 0,
    repeat_ms: null,
    started_at: new Date(0),
    fire_at: new Date(0),
    fired_at: new Date(0),
    clear_at: null,
    resolved_at: null,
    next_repeat_at: null,
    suppressed_count: 0,
    subject_name: null,
    acknowledged_at: null,
    acknowledged_by: null,
    acknowledged_by_name: null,
    reminder_ms: null,
    next_reminder_at: null,
    escalation_ms: null,
    escalate_at: null,
    escalated_at: null,
    ...overrides,
  });

  it('fires as {label} High/Low with alrt 1/0 and the sensor key, resolves as {label} Normal with alrt 2', () => {
    expect(alertItem(incident({}), 'fired')).toEqual({
      nme: 'CPU Usage High',
      val: 93.456,
      val2: 'Server room',
      sr: 'CP',
      alrt: 1,
    });
    expect(alertItem(incident({ level: 0, alert_type: 'HIGH_TEMP', sensor: 'TEMP' }), 'fired')).toMatchObject(
      { nme: 'Temperature Low', alrt: 0 },
    );
    expect(alertItem(incident({ value: 40 }), 'resolved')).toMatchObject({
      nme: 'CPU Usage Normal',
      val: 40,
      alrt: 2,
    });
    expect(alertItem(incident({}), 'repeat')).toBeNull();
    expect(alertItem(incident({ kind: 'offline', suppressed_count: 3 }), 'resolved')).toEqual({
      nme: 'Gateway Online',
      val: 'Online',
      val2: '3 alert(s) suppressed',
      alrt: 2,
    });
  });

  it('keeps the SMS to 160 characters and names the gateway', () => {
    const text = notificationText(
      incident({ rule_name: 'x'.repeat(40) }),
      'fired',
      'A gateway with a long name '.repeat(5),
    );
    expect(text.sms.length).toBeLessThanOrEqual(160);
    expect(text.subject).toContain('CPU Usage 93.46 (above 90)');
    expect(text.text).toContain('Gateway: A gateway');
  });

  it('names a lock by its name in every text, its MAC as secondary detail; a lock without a name by its MAC', () => {
    const unlock = incident({
      kind: 'lock',
      alert_type: 'UNLOCK',
      subject: '11AA22BB33CC',
      subject_name: 'Front Door',
      sensor: null,
    });
    const text = notificationText(unlock, 'fired', 'Lobby');
    expect(text.subject).toBe('Alert: Server room - lock Front Door unlocked on Lobby (AABBCCDDEEFF)');
    expect(text.sms).toBe(text.subject);
    expect(text.values.details).toContain('Lock: Front Door (11AA22BB33CC)');
    expect(alertItem(unlock, 'fired')).toMatchObject({ nme: 'Lock Unlocked', val: 'Front Door' });
    const battery = incident({ kind: 'lock', alert_type: 'BATTERY_LOW', subject: '11AA22BB33CC', value: 9 });
    expect(notificationText(battery, 'reminder', 'Lobby').subject).toContain(
      'Reminder: Server room - lock 11AA22BB33CC battery 9%',
    );
    expect(notificationText(battery, 'escalation', 'Lobby').subject).toMatch(/^Escalation: /);
    expect(alertItem(battery, 'reminder')).toBeNull();
  });
});
