import { CUSTOMER_FW_UPLOAD_APPLY_FAILED, FIRMWARE_INVALID_NAME, FIRMWARE_RULES } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, messageText } from '../../lib/i18n/index.ts';
import { applySummary } from './firmware-rules.ts';
import { describeWindow } from './maintenance-window-form.ts';

beforeAll(() => initI18n('de', ['firmware']));

describe('the firmware pages in German', () => {
  it('show the notices of an apply in German, the longer summary as its own text', () => {
    const mixed = applySummary('firmware', [
      { customer: 'Acme', ok: true },
      { customer: 'Globex', ok: true },
      { customer: 'Initech', ok: false },
    ]);
    expect(messageText(mixed.text)).toBe('Firmware für 2 Kunden angewendet, für 1 Kunden fehlgeschlagen');
    expect(messageText(FIRMWARE_RULES.osPatch.messages.appliedOne('Acme'))).toBe(
      'Betriebssystem-Patch für Acme erfolgreich angewendet',
    );
    expect(messageText(CUSTOMER_FW_UPLOAD_APPLY_FAILED.many(3))).toBe(
      'Kunden-Firmware konnte für 3 Kunden nicht angewendet werden',
    );
    expect(messageText(FIRMWARE_INVALID_NAME)).toBe('Ungültige Versionsnummer oder ungültiger Dateiname');
  });

  it('describe the maintenance window in German', () => {
    expect(describeWindow(null)).toBe('Keines: Updates starten jederzeit');
    expect(
      describeWindow({ timeZone: 'Europe/Berlin', days: [1, 5], startMinute: 1320, endMinute: 120 }),
    ).toBe('Mo, Fr 22:00-02:00 (über Mitternacht), Europe/Berlin');
  });
});
