import type { EmailTemplateName } from '@portal/contract';

/**
 * The German texts of the portal's mails (docs/i18n.md), for users who chose Deutsch, until root changes
 * them. Same placeholders as the English ones (email-templates.defaults.ts); `{{validity}}` comes in the
 * mail's language ('1 Stunde', '7 Tage').
 */
export const GERMAN_TEMPLATES: Record<EmailTemplateName, { subject: string; body: string }> = {
  activation: {
    subject: 'Legen Sie Ihr Passwort für {{portalName}} fest',
    body: [
      '<p>Hallo {{firstName}},</p>',
      '<p>für {{email}} wurde ein Konto bei {{portalName}} angelegt.<br>Um Ihr Passwort festzulegen, öffnen Sie diesen Link:</p>',
      '<p><a href="{{link}}">{{link}}</a></p>',
      '<p>Der Link ist {{validity}} lang gültig und funktioniert einmal.</p>',
      '<p>{{portalName}}</p>',
    ].join('\n'),
  },
  resetPassword: {
    subject: 'Setzen Sie Ihr Passwort für {{portalName}} zurück',
    body: [
      '<p>Hallo {{firstName}},</p>',
      '<p>Jemand hat angefordert, das Passwort Ihres Kontos bei {{portalName}} ({{email}}) zurückzusetzen.<br>Um ein neues Passwort festzulegen, öffnen Sie diesen Link:</p>',
      '<p><a href="{{link}}">{{link}}</a></p>',
      '<p>Der Link ist {{validity}} lang gültig und funktioniert einmal.<br>Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.</p>',
      '<p>{{portalName}}</p>',
    ].join('\n'),
  },
  lockUserActivation: {
    subject: 'Aktivieren Sie Ihr Konto für die Schloss-App',
    body: [
      '<p>Hallo {{firstName}},</p>',
      '<p>Für {{email}} wurde ein Konto der Schloss-App eingerichtet. Um sein Passwort festzulegen, öffnen Sie diesen Link:</p>',
      '<p><a href="{{link}}">{{link}}</a></p>',
      '<p>Der Link ist {{validity}} lang gültig und funktioniert einmal. Ist er abgelaufen, bitten Sie Ihren Administrator um einen neuen.</p>',
    ].join('\n'),
  },
  lockUserReset: {
    subject: 'Setzen Sie Ihr Passwort für die Schloss-App zurück',
    body: [
      '<p>Hallo {{firstName}},</p>',
      '<p>Ihr Administrator hat Ihnen einen Link geschickt, mit dem Sie ein neues Passwort für die Schloss-App wählen ({{email}}):</p>',
      '<p><a href="{{link}}">{{link}}</a></p>',
      '<p>Der Link ist {{validity}} lang gültig und funktioniert einmal. Ist er abgelaufen, bitten Sie Ihren Administrator um einen neuen.</p>',
    ].join('\n'),
  },
  feedback: {
    subject: 'Feedback von {{email}}',
    body: ['<p>{{email}} ({{tenantName}}) hat dieses Feedback gesendet:</p>', '<div>{{body}}</div>'].join(
      '\n',
    ),
  },
  alertNotification: {
    subject: '{{headline}}: {{alertName}} - {{condition}} an {{gateway}}',
    body: [
      '<p><strong>{{headline}}: {{alertName}}</strong></p>',
      '<p>Bedingung: {{condition}}<br>Gateway: {{gateway}}</p>',
      '<p style="white-space:pre-line">{{details}}</p>',
    ].join('\n'),
  },
  test: {
    subject: 'Testmail von {{portalName}}',
    body: '<p>Hallo {{firstName}},</p>\n<p>Dies ist ein Test der E-Mail-Vorlagen von {{portalName}}, gesendet an {{email}}.</p>',
  },
};
