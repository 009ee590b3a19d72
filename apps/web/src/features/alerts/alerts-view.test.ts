import { alertMessages, noMobileMessage, type SensorAlert, thresholdHint } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import {
  blockedThresholdKey,
  lockBodyFrom,
  lockFormErrors,
  lockFormFrom,
  matchesSensorAlert,
  menuTypes,
  pageOf,
  pageSizeFrom,
  saveFailureText,
  sensorBodyFrom,
  sensorFormErrors,
  sensorFormFrom,
} from './alerts-view.ts';

describe('saveFailureText', () => {
  it("shows the server's reason for a refused alert, else the spec's failure text", () => {
    const duplicate = 'Cannot create duplicate CO2 alert. Please edit the existing one.';
    expect(saveFailureText(new ApiError(409, 'CONFLICT', duplicate), false)).toBe(duplicate);
    expect(saveFailureText(new ApiError(500, 'INTERNAL', 'Internal server error'), false)).toBe(
      alertMessages.createFailed,
    );
    expect(
      saveFailureText(new ApiError(0, 'UNAVAILABLE', 'The portal server could not be reached'), true),
    ).toBe(alertMessages.updateFailed);
  });
});

const users = [
  { id: 'u1', name: 'Ada Lovelace', email: 'ada@x.com', phoneNumber: '+1 5551234567' },
  { id: 'u2', name: 'Bob Stone', email: 'bob@x.com', phoneNumber: null },
];
const alert: SensorAlert = {
  id: 'a1',
  alertType: 'HIGH_CO2',
  alertTypeName: 'High CO2',
  alertName: 'Meeting Room',
  waitingTime: 300,
  waitingTimeTextValue: 'Custom',
  thresholdType: 'greater_than',
  threshold: 2000,
  receivers: [{ userId: 'u1', name: 'Ada Lovelace', email: 'ada@x.com', phoneNumber: null }],
  receiversLength: '1 User(s)',
  emailAlert: true,
  smsAlert: false,
  scopeId: 's',
  system: false,
};

describe('alerts view', () => {
  it('searches ignoring case and spaces', () => {
    expect(matchesSensorAlert(alert, 'meetingroom')).toBe(true);
    expect(matchesSensorAlert(alert, ' HIGH co 2 ')).toBe(true);
    expect(matchesSensorAlert(alert, 'lovelace')).toBe(true);
    expect(matchesSensorAlert(alert, 'temperature')).toBe(false);
  });

  it('pages with the remembered size (5, 10, 15; default 10)', () => {
    expect(pageSizeFrom(15)).toBe(15);
    expect(pageSizeFrom(25)).toBe(10);
    expect(pageOf([1, 2, 3, 4, 5, 6], 1, 5)).toEqual([6]);
    expect(pageOf([1, 2, 3], 4, 5)).toEqual([1, 2, 3]);
  });

  it('hides CO2 sensor 2 in the menu unless the alert has it; blocks e, E, +, . and - (but for temperature)', () => {
    expect(menuTypes()).not.toContain('HIGH_CO2_CTN');
    expect(menuTypes('HIGH_CO2_CTN')).toContain('HIGH_CO2_CTN');
    for (const key of ['e', 'E', '+', '.', '-']) expect(blockedThresholdKey(key, 'HIGH_CO2')).toBe(true);
    expect(blockedThresholdKey('-', 'HIGH_TEMP')).toBe(false);
    expect(blockedThresholdKey('5', 'HIGH_CO2')).toBe(false);
  });

  it('checks the sensor form with the server rules, both bounds', () => {
    const form = {
      ...sensorFormFrom(null, 'u1'),
      alertType: 'HIGH_TVOC' as const,
      alertName: 'T',
      threshold: '125',
    };
    expect(sensorFormErrors(form, { support: false, users })).toEqual({});
    expect(sensorFormErrors({ ...form, threshold: '124' }, { support: false, users }).threshold).toBe(
      thresholdHint(125, 600),
    );
    expect(sensorFormErrors({ ...form, threshold: '601' }, { support: false, users }).threshold).toBe(
      thresholdHint(125, 600),
    );
    expect(sensorFormErrors({ ...form, alertName: ' '.repeat(3) }, { support: false, users }).alertName).toBe(
      alertMessages.nameRequired,
    );
    expect(
      sensorFormErrors(
        { ...form, waitingChoice: 'custom', customWaiting: '2678401' },
        { support: false, users },
      ).waiting,
    ).toBe(alertMessages.waitingTimeInvalid);
    expect(
      sensorFormErrors(
        { ...form, waitingChoice: 'custom', customWaiting: '2678400' },
        { support: false, users },
      ),
    ).toEqual({});
    expect(sensorFormErrors({ ...form, userIds: [] }, { support: false, users }).users).toBe(
      alertMessages.usersRequired,
    );
    expect(sensorFormErrors({ ...form, emailAlert: false }, { support: false, users }).channel).toBe(
      alertMessages.channelRequired,
    );
    expect(
      sensorFormErrors({ ...form, smsAlert: true, userIds: ['u1', 'u2'] }, { support: false, users }).channel,
    ).toBe(noMobileMessage(['Bob Stone']));
    // The support tenant's simplified form: no users, no channel.
    expect(sensorFormErrors({ ...form, userIds: [], emailAlert: false }, { support: true, users })).toEqual(
      {},
    );
    expect(sensorBodyFrom(form, 's', true)).not.toHaveProperty('receivers');
    expect(sensorBodyFrom(sensorFormFrom(alert, 'u1'), 's', false)).toMatchObject({
      waitingTime: 300,
      threshold: 2000,
      receivers: [{ userId: 'u1' }],
    });
  });

  it('builds lock alert bodies: user ids for battery, e-mails otherwise; RFID update days 1-30', () => {
    const battery = { ...lockFormFrom(null, 'u1'), batteryLevel: '100' };
    expect(lockFormErrors(battery, false)).toEqual({});
    expect(lockFormErrors({ ...battery, batteryLevel: '101' }, false).batteryLevel).toBe(
      alertMessages.batteryLevelInvalid,
    );
    expect(lockBodyFrom(battery, 's', users)).toMatchObject({ receivers: ['u1'], intervalTime: '3600000' });
    const rfid = { ...battery, alertType: 'RFID' as const, interval: 'custom', customDays: '31' };
    expect(lockFormErrors(rfid, false)).toEqual({});
    expect(lockFormErrors(rfid, true).interval).toBe(alertMessages.rfidIntervalInvalid);
    expect(lockFormErrors({ ...rfid, customDays: '61' }, false).interval).toBe(alertMessages.intervalInvalid);
    expect(lockBodyFrom({ ...rfid, customDays: '2' }, 's', users)).toMatchObject({
      receivers: ['ada@x.com'],
      rfidScheduleTime: String(2 * 86_400_000),
      rfidThreshold: '2',
    });
  });
});
