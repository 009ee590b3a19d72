import {
  accessMessages,
  activityMessages,
  agentConfigMessages,
  alertMessages,
  alertNotificationMessages,
  alertRoutingMessages,
  apiKeyMessages,
  authMessages,
  CUSTOMER_FW_UPLOAD_APPLY_FAILED,
  cardAssignedMessage,
  customerMessages,
  dashboardMessages,
  duplicateAlertMessage,
  duplicateEmailMessage,
  emailTemplateMessages,
  FIRMWARE_INVALID_NAME,
  FIRMWARE_RULES,
  feedbackMessages,
  forgotPasswordMessages,
  GRAPH_GENERATOR_TEXTS,
  GRAPH_TEXTS,
  gatewayCommandMessages,
  gatewayCredentialMessages,
  gatewayDetailsMessages,
  gatewayListMessages,
  gatewayRegistryMessages,
  incidentAcknowledgeMessages,
  instructionMessages,
  lockAccessMessages,
  lockCommandMessages,
  lockMessages,
  lockResultTexts,
  lockUserDeleteBlockedMessage,
  lockUserMessages,
  lockUserPasswordMessages,
  lockUsersImportMessages,
  MAINTENANCE_WINDOW_TEXTS,
  notFoundMessages,
  passwordMessages,
  peopleMessages,
  portalConfigMessages,
  portalUserMessages,
  pumpMessages,
  quotaMessages,
  removeAccountMessages,
  resetLinkMessages,
  rolloutMessages,
  rotateCredentialMessages,
  serverMessages,
  signUpMessages,
  socialMessages,
  thresholdHint,
  throttleMessage,
  twoFactorMessages,
  webhookMessages,
} from '@portal/contract';

/**
 * The contract's user-facing texts (packages/contract, "section 8" of each spec document): what the server
 * answers in `message` and what the web app shows from the contract. Their English is the contract itself,
 * verbatim; the namespace `messages` translates them by group and key (messages/locales/de.json). The API
 * keeps answering in English; the web app shows an answer in the user's language by finding the English text
 * here (messageKey). A text with values ('Successfully migrated {mac} device') is matched with its values in
 * place: its catalogue entry says `{{0}}`, `{{1}}` for them.
 */
export const CONTRACT_MESSAGES = {
  accessMessages,
  activityMessages,
  agentConfigMessages,
  alertMessages,
  alertNotificationMessages,
  alertRoutingMessages,
  incidentAcknowledgeMessages,
  apiKeyMessages,
  authMessages,
  customerMessages,
  customerFwUploadApplyFailed: CUSTOMER_FW_UPLOAD_APPLY_FAILED,
  /** The firmware pages' notices, one group per kind (FIRMWARE_RULES[kind].messages). */
  firmwareMessages: FIRMWARE_RULES.firmware.messages,
  customerFwMessages: FIRMWARE_RULES.customerFw.messages,
  osPatchMessages: FIRMWARE_RULES.osPatch.messages,
  dashboardMessages,
  emailTemplateMessages,
  feedbackMessages,
  forgotPasswordMessages,
  gatewayCommandMessages,
  gatewayCredentialMessages,
  gatewayDetailsMessages,
  gatewayListMessages,
  gatewayRegistryMessages,
  graphGeneratorTexts: GRAPH_GENERATOR_TEXTS,
  graphTexts: GRAPH_TEXTS,
  instructionMessages,
  lockAccessMessages,
  lockCommandMessages,
  lockMessages,
  lockResultTexts,
  lockUserMessages,
  lockUserPasswordMessages,
  lockUsersImportMessages,
  maintenanceWindowTexts: MAINTENANCE_WINDOW_TEXTS,
  notFoundMessages,
  passwordMessages,
  peopleMessages,
  portalConfigMessages,
  portalUserMessages,
  pumpMessages,
  quotaMessages,
  removeAccountMessages,
  resetLinkMessages,
  rolloutMessages,
  rotateCredentialMessages,
  serverMessages,
  signUpMessages,
  socialMessages,
  twoFactorMessages,
  webhookMessages,
  /** Texts the contract gives one by one. */
  single: {
    throttle: throttleMessage,
    duplicateAlert: duplicateAlertMessage,
    duplicateEmail: duplicateEmailMessage,
    cardAssigned: cardAssignedMessage,
    lockUserDeleteBlocked: lockUserDeleteBlockedMessage,
    thresholdHint,
    firmwareInvalidName: FIRMWARE_INVALID_NAME,
  },
} as const;

type Groups = typeof CONTRACT_MESSAGES;
/** The `messages` namespace: every group and key of CONTRACT_MESSAGES, each a string. */
export type MessageCatalogue = { [G in keyof Groups]: { [K in keyof Groups[G]]: string } };
export type MessageKey = {
  [G in keyof Groups]: `${G & string}.${keyof Groups[G] & string}`;
}[keyof Groups];

/** Stands for a value while a text's template is made (private-use characters no text holds). */
const marker = (index: number) => `\uE000${index}\uE001`;
const MARKER = /\uE000(\d+)\uE001/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Pattern {
  key: MessageKey;
  regex: RegExp;
  /** How many characters of the text are not values: the more, the more specific. */
  fixed: number;
}

/**
 * A text with values as a catalogue entry ('Successfully migrated {{0}} device') and a pattern that finds its
 * values in an answer; null when the function does not take plain values (a list, a flag).
 */
function templateOf(render: (...args: string[]) => string): { entry: string; regex: RegExp } | null {
  let sample: string;
  try {
    sample = render(...Array.from({ length: render.length }, (_, index) => marker(index)));
  } catch {
    return null;
  }
  if (typeof sample !== 'string' || sample.includes('{{')) return null;
  const order: string[] = [];
  const source = sample
    .split(MARKER)
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      order.push(part);
      return `(?<v${part}_${order.length}>.+?)`;
    })
    .join('');
  return { entry: sample.replace(MARKER, '{{$1}}'), regex: new RegExp(`^${source}$`, 's') };
}

function buildCatalogue() {
  const english: Record<string, Record<string, string>> = {};
  const byText = new Map<string, MessageKey>();
  const patterns: Pattern[] = [];
  for (const [group, texts] of Object.entries(CONTRACT_MESSAGES)) {
    english[group] = {};
    for (const [name, text] of Object.entries(texts)) {
      const key = `${group}.${name}` as MessageKey;
      if (typeof text === 'string') {
        english[group][name] = text;
        // The first group naming a text keeps it (e.g. 'Required.' in several): the same German for all.
        if (!byText.has(text)) byText.set(text, key);
        continue;
      }
      const template = templateOf(text as (...args: string[]) => string);
      if (!template) continue;
      english[group][name] = template.entry;
      patterns.push({ key, regex: template.regex, fixed: template.entry.replace(/\{\{\d+\}\}/g, '').length });
    }
  }
  // The most specific text first: 'Firmware applied for 2 tenants and failed to apply for 1 tenants' is the
  // longer text's, though 'Firmware applied for {{0}} tenants' would match it too.
  patterns.sort((a, b) => b.fixed - a.fixed);
  return { english: english as MessageCatalogue, byText, patterns };
}

const catalogue = buildCatalogue();

/** The English of the `messages` namespace, made from the contract (never a copy of it). */
export const ENGLISH_MESSAGES: MessageCatalogue = catalogue.english;

/**
 * The catalogue key of a text the contract gives, with the values found in it ({ 0: 'B827EB000001' }), or
 * null for any other text (a text of ours, a validation detail, a name).
 */
export function messageKey(text: string): { key: MessageKey; values: Record<string, string> } | null {
  const key = catalogue.byText.get(text);
  if (key) return { key, values: {} };
  for (const pattern of catalogue.patterns) {
    const match = pattern.regex.exec(text);
    if (!match?.groups) continue;
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(match.groups))
      values[name.slice(1).split('_')[0] ?? ''] = value;
    return { key: pattern.key, values };
  }
  return null;
}
