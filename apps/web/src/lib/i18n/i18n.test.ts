import * as contract from '@portal/contract';
import { gatewayRegistryMessages, passwordMessages, throttleMessage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from '../date-time.ts';
import { changeLanguage, formatNumber, i18n, initI18n, messageText } from './index.ts';
import { CONTRACT_MESSAGES, ENGLISH_MESSAGES, messageKey } from './messages.ts';

/** Every catalogue file of the app, by its place (as i18n.ts finds them). */
const files = Object.keys(import.meta.glob('./**/locales/*.{json,ts}', { base: '../../' }));
const folders = [...new Set(files.map((path) => path.replace(/\/locales\/[^/]+$/, '')))];

describe('catalogues', () => {
  beforeAll(() => initI18n('en'));
  afterAll(() => changeLanguage('en'));

  it('has an English and a German file and a type declaration in every locales folder', () => {
    const missing = folders.flatMap((folder) =>
      ['en.json', 'de.json', 'i18next.ts']
        .map((name) => `${folder}/locales/${name}`)
        // The contract's English is the contract itself (messages.ts).
        .filter((path) => !files.includes(path) && path !== './lib/i18n/messages/locales/en.json'),
    );
    expect(missing).toEqual([]);
  });

  it("keeps the contract's texts verbatim as the English of 'messages', and every group of them", () => {
    expect(ENGLISH_MESSAGES.passwordMessages.changed).toBe(passwordMessages.changed);
    expect(ENGLISH_MESSAGES.gatewayRegistryMessages.migrated).toBe('Successfully migrated {{0}} device');
    // A group of texts added to the contract must be listed in CONTRACT_MESSAGES, so it gets its German.
    const listed = new Set<unknown>(Object.values(CONTRACT_MESSAGES));
    const unlisted = Object.entries(contract)
      .filter(([name, value]) => /(Messages|_TEXTS|Texts)$/.test(name) && typeof value === 'object')
      // SESSION_LOST_TEXTS: what a refusal is recognised by, never shown.
      .filter(([, value]) => !Array.isArray(value))
      .filter(([, value]) => !listed.has(value))
      .map(([name]) => name);
    expect(unlisted).toEqual([]);
  });

  it('finds a contract text, with its values, and nothing else', () => {
    expect(messageKey(passwordMessages.changed)).toEqual({ key: 'passwordMessages.changed', values: {} });
    expect(messageKey(gatewayRegistryMessages.migrated('B827EB000001'))).toEqual({
      key: 'gatewayRegistryMessages.migrated',
      values: { 0: 'B827EB000001' },
    });
    expect(messageKey('Demo Gateway 1')).toBeNull();
  });

  it('shows a contract text as it is in English and in German once German is chosen', async () => {
    expect(messageText(throttleMessage)).toBe(throttleMessage);
    await changeLanguage('de');
    expect(messageText(throttleMessage)).toBe(
      'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
    );
    expect(messageText(gatewayRegistryMessages.migrated('B827EB000001'))).toBe(
      'Gerät B827EB000001 erfolgreich migriert',
    );
    expect(messageText(contract.duplicateEmailMessage('a@b.de', 'Acme'))).toBe(
      'Die E-Mail-Adresse a@b.de ist bereits beim Kunden Acme registriert und kann daher nicht verwendet werden.',
    );
    // The server's own answers are contract texts too (notFound, a refusal).
    expect(messageText(contract.notFoundMessages['Lock user'])).toBe('Schlossbenutzer nicht gefunden');
    expect(messageText(contract.serverMessages.forbidden)).toBe(
      'Der aktuelle Benutzer ist nicht berechtigt, diese Aktion auszuführen',
    );
    // A form rule's range, with and without its unit (the agent configuration's fields).
    expect(messageText(contract.agentConfigMessages.rangeIn(1, 60, 's'))).toBe(
      'Geben Sie eine ganze Zahl von 1 bis 60 s ein.',
    );
    expect(messageText(contract.agentConfigMessages.range(0, 5))).toBe(
      'Geben Sie eine ganze Zahl von 0 bis 5 ein.',
    );
    // Not a contract text (a name, a text of ours): as it is.
    expect(messageText('Demo Gateway 1')).toBe('Demo Gateway 1');
    expect(i18n.t('app:nav.alerts')).toBe('Alarme');
  });

  it("writes dates and numbers as the language does: the spec's display in English, Intl in German", async () => {
    const at = new Date(2025, 0, 5, 15, 4, 5).getTime();
    await changeLanguage('en');
    expect(formatDateTime(at)).toBe('Jan 5th, 2025 3:04:05 pm');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    await changeLanguage('de');
    expect(formatDateTime(at)).toBe('05.01.2025, 15:04:05');
    expect(formatDay(at)).toBe('05.01.2025');
    expect(formatNumber(1234.5)).toBe('1.234,5');
  });
});
