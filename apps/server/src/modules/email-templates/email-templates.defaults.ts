import type { EmailTemplateName, Language } from '@portal/contract';
import { GERMAN_TEMPLATES } from './email-templates.de.ts';

/**
 * The texts of the portal's mails until root changes them (PUT /api/updateEmailTemplate). The activation and
 * reset texts are the ones the passwords module wrote in code before, as HTML.
 */
const DEFAULT_TEMPLATES: Record<EmailTemplateName, { subject: string; body: string }> = {
  activation: {
    subject: 'Set your {{portalName}} password',
    body: [
      '<p>Hello {{firstName}},</p>',
      '<p>An {{portalName}} account has been created for {{email}}.<br>To choose your password, open this link:</p>',
      '<p><a href="{{link}}">{{link}}</a></p>',
      '<p>The link is good for {{validity}} and works once.</p>',
      '<p>{{portalName}}</p>',
    ].join('\n'),
  },
  resetPassword: {
    subject: 'Reset your {{portalName}} password',
    body: [
      '<p>Hello {{firstName}},</p>',
      '<p>Someone asked to reset the password of your {{portalName}} account ({{email}}).<br>To choose a new password, open this link:</p>',
      '<p><a href="{{link}}">{{link}}</a></p>',
      '<p>The link is good for {{validity}} and works once.<br>If you did not ask for it, ignore this mail: your password stays as it is.</p>',
      '<p>{{portalName}}</p>',
    ].join('\n'),
  },
  lockUserActivation: {
    subject: 'Activate your lock app account',
    body: [
      '<p>Hello {{firstName}},</p>',
      '<p>An account of the lock app has been set up for {{email}}. To choose its password, open this link:</p>',
      '<p><a href="{{link}}">{{link}}</a></p>',
      '<p>The link is good for {{validity}} and works once. If it has expired, ask your administrator for a new one.</p>',
    ].join('\n'),
  },
  lockUserReset: {
    subject: 'Reset your lock app password',
    body: [
      '<p>Hello {{firstName}},</p>',
      '<p>Your administrator sent you a link to choose a new lock app password ({{email}}):</p>',
      '<p><a href="{{link}}">{{link}}</a></p>',
      '<p>The link is good for {{validity}} and works once. If it has expired, ask your administrator for a new one.</p>',
    ].join('\n'),
  },
  feedback: {
    subject: 'Feedback from {{email}}',
    body: ['<p>{{email}} ({{tenantName}}) sent this feedback:</p>', '<div>{{body}}</div>'].join('\n'),
  },
  alertNotification: {
    subject: '{{headline}}: {{alertName}} - {{condition}} on {{gateway}}',
    body: [
      '<p><strong>{{headline}}: {{alertName}}</strong></p>',
      '<p>Condition: {{condition}}<br>Gateway: {{gateway}}</p>',
      '<p style="white-space:pre-line">{{details}}</p>',
    ].join('\n'),
  },
  test: {
    subject: 'Test mail from {{portalName}}',
    body: '<p>Hello {{firstName}},</p>\n<p>This is a test of the {{portalName}} mail templates, sent to {{email}}.</p>',
  },
};

const BUILT_IN: Record<Language, Record<EmailTemplateName, { subject: string; body: string }>> = {
  en: DEFAULT_TEMPLATES,
  de: GERMAN_TEMPLATES,
};

/** The built-in text of a mail in a language (docs/i18n.md): used until root changes that language's one. */
export const builtInTemplate = (name: EmailTemplateName, language: Language) => BUILT_IN[language][name];

/** Values shown in the preview and used by the test send, per placeholder. */
export const SAMPLE_VALUES: Record<string, string> = {
  firstName: 'Alex',
  email: 'alex@example.com',
  link: 'https://portal.example.com/#/link',
  validity: '1 hour',
  portalName: 'IoT Portal',
  tenantName: 'Example Customer',
  body: '<p>Sample <strong>feedback</strong>.</p>',
  headline: 'Alert',
  alertName: 'Server room CO2',
  condition: 'CO2 2400 (above 1000)',
  gateway: 'Demo Gateway 1 (B827EB000001)',
  details: 'Since: 2026-01-01T08:00:00.000Z',
};
