import { maintenanceWindow } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/index.ts';
import {
  describeWindow,
  formValuesOf,
  WINDOW_FORM_TEXTS,
  type WindowFormValues,
  windowFormProblems,
  windowOf,
} from './maintenance-window-form.ts';

beforeAll(() => initI18n('en', ['firmware']));

const ok: WindowFormValues = { timeZone: 'Europe/Berlin', days: [1, 2, 3, 4, 5], startHour: 2, endHour: 5 };

describe('maintenance window form', () => {
  it('accepts a window inside the day and one over midnight, and sends minutes', () => {
    expect(windowFormProblems(ok)).toEqual({});
    expect(windowOf(ok)).toEqual({
      timeZone: 'Europe/Berlin',
      days: [1, 2, 3, 4, 5],
      startMinute: 120,
      endMinute: 300,
    });
    const night = { ...ok, days: [5], startHour: 22, endHour: 2 };
    expect(windowFormProblems(night)).toEqual({});
    expect(describeWindow(windowOf(night))).toBe('Fri 22:00-02:00 (over midnight), Europe/Berlin');
  });

  it('holds the server bounds: hours 0-23 to 1-24, at least one day, all seven at most', () => {
    const whole = { ...ok, days: [0, 1, 2, 3, 4, 5, 6], startHour: 0, endHour: 24 };
    expect(windowFormProblems(whole)).toEqual({});
    expect(maintenanceWindow.safeParse(windowOf(whole)).success).toBe(true);
    expect(windowOf(whole)).toMatchObject({ startMinute: 0, endMinute: 1440 });
    expect(windowFormProblems({ ...ok, startHour: 23, endHour: 1 })).toEqual({});
    expect(windowFormProblems({ ...ok, days: [] })).toEqual({ days: WINDOW_FORM_TEXTS.noDay });
    // Out of range as the server refuses it (the selects offer none of these).
    expect(windowFormProblems({ ...ok, startHour: 24, endHour: 2 }).hours).toBeDefined();
    expect(windowFormProblems({ ...ok, startHour: 2, endHour: 0 }).hours).toBeDefined();
    expect(windowFormProblems({ ...ok, days: [7] }).hours).toBeDefined();
  });

  it('refuses an empty window with the server text', () => {
    expect(windowFormProblems({ ...ok, startHour: 3, endHour: 3 })).toEqual({
      hours: 'The window must not be empty',
    });
  });

  it('refuses a time zone the browser does not know, with the server text', () => {
    expect(windowFormProblems({ ...ok, timeZone: 'Mars/Olympus' })).toEqual({
      timeZone: 'Unknown time zone.',
    });
    expect(windowFormProblems({ ...ok, timeZone: ' ' })).toEqual({ timeZone: WINDOW_FORM_TEXTS.noZone });
    expect(windowFormProblems({ ...ok, timeZone: 'UTC' })).toEqual({});
  });

  it('shows a stored window in hours, and a default for a customer without one', () => {
    expect(
      formValuesOf({ timeZone: 'UTC', days: [3, 1, 3], startMinute: 90, endMinute: 1440 }, 'Europe/Paris'),
    ).toEqual({ timeZone: 'UTC', days: [1, 3], startHour: 1, endHour: 24 });
    expect(formValuesOf(null, 'Europe/Paris')).toEqual({
      timeZone: 'Europe/Paris',
      days: [1, 2, 3, 4, 5],
      startHour: 1,
      endHour: 5,
    });
    expect(describeWindow(null)).toBe('None: updates start at any time');
  });
});
