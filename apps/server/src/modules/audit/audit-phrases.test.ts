import { describe, expect, it } from 'vitest';
import { type AuditFacts, describeAudit, wordsMatching } from './audit-phrases.ts';

const UUID_A = '0b6c1f0e-3a52-4a5e-9d7a-3f2f6f0c1a11';
const UUID_B = '7d1e2c3b-4a5f-4e6d-8c7b-9a0b1c2d3e4f';

const facts = (over: Partial<AuditFacts>): AuditFacts => ({
  kind: 'changed:other',
  table: 'tenants',
  operation: 'UPDATE',
  actorUserId: UUID_A,
  actorEmail: 'root@portal.local',
  fields: {},
  subject: null,
  summary: {},
  tenantName: null,
  ...over,
});

/** The sentences both languages tell: Rita's unlock of Door 12, root's threshold change of 'High CO2'. */
const UNLOCK = facts({
  kind: 'unlocked:lock',
  table: 'instructions',
  operation: 'INSERT',
  fields: { type: 'LOCK_DEVICE_LOCK_UNLOCK', locked: false, mac: 'AABBCCDDEEFF' },
  subject: { actor: 'Rita Meyer', lock: 'Door 12', gateway: 'Demo Gateway 3' },
  summary: { id: { to: UUID_B }, type: { to: 'LOCK_DEVICE_LOCK_UNLOCK' } },
});
const THRESHOLD_CHANGE = facts({
  kind: 'changed:alert',
  table: 'alerts',
  fields: { alert_name: 'High CO2', alert_type: 'HIGH_CO2', threshold_type: 'greater_than' },
  subject: { actor: 'root' },
  summary: { threshold: { from: 1000, to: 1200 }, updated_at: { from: 'x', to: 'y' } },
});

describe('the Activity phrase builder', () => {
  it("tells an API key's use and its revocation by the key's name and customer (docs/api-keys.md)", () => {
    const key = {
      table: 'api_keys',
      operation: 'UPDATE' as const,
      fields: { name: 'Billing export' },
      subject: { actor: 'Alpha User', customer: 'Alpha' },
    };
    expect(
      describeAudit(facts({ ...key, kind: 'used:apiKey', summary: { last_used_at: { to: 'x' } } })).text,
    ).toBe("Alpha User used the API key 'Billing export' of Alpha");
    expect(
      describeAudit(facts({ ...key, kind: 'revokedKey:apiKey', summary: { revoked_at: { to: 'x' } } }), 'de')
        .text,
    ).toBe("Alpha User widerrief den API-Schlüssel 'Billing export' von Alpha");
  });

  it("tells a webhook's creation and deletion by its name and customer (docs/webhooks.md)", () => {
    const hook = {
      table: 'webhooks',
      fields: { name: 'Ticketing' },
      subject: { actor: 'Alpha User', customer: 'Alpha' },
    };
    expect(
      describeAudit(facts({ ...hook, operation: 'INSERT', kind: 'created:webhook', summary: {} })).text,
    ).toBe("Alpha User created the webhook 'Ticketing' of Alpha");
    expect(
      describeAudit(facts({ ...hook, operation: 'DELETE', kind: 'deleted:webhook', summary: {} }), 'de').text,
    ).toBe("Alpha User löschte den Webhook 'Ticketing' von Alpha");
  });

  it('tells an unlock with the lock and its gateway by name', () => {
    const described = describeAudit(UNLOCK);
    expect(described).toEqual({
      action: 'unlocked',
      thing: 'lock',
      actor: 'Rita Meyer',
      name: 'Door 12',
      gateway: 'Demo Gateway 3',
      changes: [],
      text: 'Rita Meyer unlocked Door 12 (gateway Demo Gateway 3)',
    });
  });

  it('tells a threshold change with before, after and the unit of the alert type', () => {
    const described = describeAudit(THRESHOLD_CHANGE);
    expect(described.text).toBe("root changed the alert 'High CO2' threshold from 1,000 to 1,200 ppm");
    expect(described.changes).toEqual([{ field: 'threshold', from: '1,000 ppm', to: '1,200 ppm' }]);
  });

  it('tells a user created by its name, and several changes in one sentence', () => {
    expect(
      describeAudit(
        facts({
          kind: 'created:portalUser',
          table: 'users',
          operation: 'INSERT',
          fields: { first_name: 'Rita', last_name: 'Meyer', email: 'rita@example.com' },
          subject: { actor: 'Alpha User' },
        }),
      ).text,
    ).toBe("Alpha User created the portal user 'Rita Meyer'");
    expect(
      describeAudit(
        facts({
          kind: 'changed:portalUser',
          table: 'users',
          fields: { first_name: 'Rita', last_name: 'Schulz' },
          subject: { actor: 'Root Administrator' },
          summary: {
            last_name: { from: 'Meyer', to: 'Schulz' },
            phone_number: { to: '+1 5551234' },
            two_factor_enabled: { from: false, to: true },
          },
        }),
      ).text,
    ).toBe(
      "Root Administrator changed the portal user 'Rita Schulz' last name from Meyer to Schulz, phone number to +1 5551234, and two-factor authentication from no to yes",
    );
  });

  it('names a changed secret without its values, and never shows an id', () => {
    const password = describeAudit(
      facts({
        kind: 'changed:portalUser',
        table: 'users',
        fields: { first_name: 'Rita', last_name: 'Meyer' },
        subject: { actor: 'Rita Meyer' },
        summary: { password_hash: { from: '[redacted]', to: '[redacted]' } },
      }),
    );
    expect(password.text).toBe("Rita Meyer changed the portal user 'Rita Meyer' password");
    expect(password.changes).toEqual([{ field: 'password', from: null, to: null }]);
    const moved = describeAudit(
      facts({
        kind: 'moved:gateway',
        table: 'gateways',
        fields: { name: 'Demo Gateway 3' },
        subject: { actor: 'root', moved: { from: 'Acme', to: 'Beta' } },
        summary: { tenant_id: { from: UUID_A, to: UUID_B } },
      }),
    );
    expect(moved.text).toBe("root moved the gateway 'Demo Gateway 3' from Acme to Beta");
  });

  it('tells commands and access by the names the spec gives them', () => {
    expect(
      describeAudit(
        facts({
          kind: 'commanded:gateway',
          table: 'gateway_command_log',
          operation: 'INSERT',
          fields: { action: 'FORCE-IDLE', mac: 'AABBCCDDEEFF' },
          subject: { actor: 'root', gateway: 'Demo Gateway 1' },
        }),
      ).text,
    ).toBe("root sent the command 'Force idle' to the gateway 'Demo Gateway 1'");
    expect(
      describeAudit(
        facts({
          kind: 'granted:lockUser',
          table: 'lock_user_access',
          operation: 'INSERT',
          subject: { actor: 'root', user: 'Ann Lee', lock: 'Door 12', gateway: 'Demo Gateway 3' },
        }),
      ).text,
    ).toBe("root gave the lock user 'Ann Lee' access to Door 12 (gateway Demo Gateway 3)");
    expect(
      describeAudit(
        facts({
          kind: 'changed:customer',
          table: 'portal_config',
          subject: { actor: 'root', customer: 'Acme' },
          summary: { graph_option: { from: 'On', to: 'Off' } },
        }),
      ).text,
    ).toBe('root changed the portal configuration of Acme graph option from On to Off');
  });

  it('builds a readable sentence for rows written before names were kept: no route, table or id', () => {
    const old = describeAudit(
      facts({
        kind: 'changed:gateway',
        table: 'gateways',
        actorEmail: 'admin@portal.local',
        summary: {
          name: { from: 'Hall', to: 'Lobby' },
          tenant_id: { from: UUID_A, to: UUID_B },
          state: { to: { CS: 1 } },
        },
      }),
    );
    expect(old.text).toBe('admin@portal.local changed a gateway name from Hall to Lobby and customer');
    expect(
      describeAudit(
        facts({
          kind: 'created:other',
          table: 'broker_sessions',
          operation: 'INSERT',
          actorUserId: null,
          actorEmail: null,
        }),
      ).text,
    ).toBe('Someone not signed in created a record (broker sessions)');
  });

  it("matches a search word to the actions, things and fields a sentence says: 'unlock' is not 'lock'", () => {
    expect(wordsMatching('unlock').actions).toEqual(['unlocked']);
    expect(wordsMatching('Lock')).toMatchObject({
      actions: ['unlocked', 'locked'],
      things: ['lock', 'lockUser'],
    });
    expect(wordsMatching('threshold').fields).toEqual([]);
    expect(wordsMatching('password').fields).toEqual(['password_hash']);
    expect(wordsMatching('alert').things).toEqual(['alert']);
  });
});

describe('the Activity phrase builder in German', () => {
  it('tells an unlock, a threshold change and a created user in German, numbers as German writes them', () => {
    expect(describeAudit(UNLOCK, 'de').text).toBe('Rita Meyer entsperrte Door 12 (Gateway Demo Gateway 3)');
    const threshold = describeAudit(THRESHOLD_CHANGE, 'de');
    expect(threshold.text).toBe("root änderte den Alarm 'High CO2': Schwellwert von 1.000 auf 1.200 ppm");
    expect(threshold.changes).toEqual([{ field: 'Schwellwert', from: '1.000 ppm', to: '1.200 ppm' }]);
    expect(
      describeAudit(
        facts({
          kind: 'changed:portalUser',
          table: 'users',
          fields: { first_name: 'Rita', last_name: 'Schulz' },
          subject: { actor: 'Root Administrator' },
          summary: {
            last_name: { from: 'Meyer', to: 'Schulz' },
            password_hash: { from: '[redacted]', to: '[redacted]' },
            two_factor_enabled: { from: false, to: true },
          },
        }),
        'de',
      ).text,
    ).toBe(
      "Root Administrator änderte den Portalbenutzer 'Rita Schulz': Nachname von Meyer auf Schulz, Passwort und Zwei-Faktor-Authentifizierung von nein auf ja",
    );
  });

  it('tells commands, access, moves, owners and unnamed rows with the right articles', () => {
    const de = (over: Partial<AuditFacts>) => describeAudit(facts(over), 'de').text;
    expect(
      de({
        kind: 'commanded:gateway',
        table: 'gateway_command_log',
        operation: 'INSERT',
        fields: { action: 'FORCE-IDLE' },
        subject: { actor: 'root', gateway: 'Demo Gateway 1' },
      }),
    ).toBe("root sendete den Befehl 'Force idle' an das Gateway 'Demo Gateway 1'");
    expect(
      de({
        kind: 'revoked:lockUser',
        table: 'lock_user_access',
        operation: 'DELETE',
        subject: { actor: 'root', user: 'Ann Lee', lock: 'Door 12' },
      }),
    ).toBe("root entzog dem Schlossbenutzer 'Ann Lee' den Zugang zu Door 12");
    expect(
      de({
        kind: 'moved:gateway',
        table: 'gateways',
        fields: { name: 'Demo Gateway 3' },
        subject: { actor: 'root', moved: { from: 'Acme', to: 'Beta' } },
        summary: { tenant_id: { from: UUID_A, to: UUID_B } },
      }),
    ).toBe("root verschob das Gateway 'Demo Gateway 3' von Acme nach Beta");
    expect(
      de({
        kind: 'changed:customer',
        table: 'portal_config',
        subject: { actor: 'root', customer: 'Acme' },
        summary: { graph_option: { from: 'On', to: 'Off' } },
      }),
    ).toBe('root änderte die Portalkonfiguration von Acme: Grafikoption von On auf Off');
    expect(
      de({
        kind: 'created:other',
        table: 'broker_sessions',
        operation: 'INSERT',
        actorUserId: null,
        actorEmail: null,
      }),
    ).toBe('Jemand ohne Anmeldung erstellte einen Datensatz (broker sessions)');
  });

  it('finds rows by the German words of their sentences as by the English ones', () => {
    expect(wordsMatching('entsperrt').actions).toEqual(['unlocked']);
    expect(wordsMatching('Schloss').things).toEqual(['lock', 'lockUser']);
    expect(wordsMatching('Schwellwert').fields).toEqual(['threshold', 'threshold_type']);
    expect(wordsMatching('unlock').actions).toEqual(['unlocked']);
  });
});
