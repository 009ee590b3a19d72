import {
  type CreateLockUserBody,
  cardAssignedMessage,
  createLockUserBody,
  LOCK_ROLES,
  type LockRole,
  type LockUser,
  lockUserDeleteBlockedDetails,
  portalUserMessages,
  type UpdateLockUserBody,
} from '@portal/contract';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { i18n } from '../../lib/i18n/index.ts';

/**
 * The create/update panel checks what the server checks: the fields of the create body (contract
 * lock-users.ts, spec 002 section 5 'Lock user'). On update the e-mail is fixed: it is shown, not checked or sent.
 */
export const lockUserFormSchema = createLockUserBody.pick({
  firstName: true,
  lastName: true,
  email: true,
  employeeId: true,
  division: true,
  mobileNo: true,
  cardCSN: true,
  passcode: true,
  role: true,
});
const updateFormSchema = lockUserFormSchema.omit({ email: true });

/** What the inputs hold: text everywhere (an empty optional field is ''). */
export interface LockUserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  employeeId: string;
  division: string;
  mobileNo: string;
  cardCSN: string;
  passcode: string;
  role: LockRole;
}
export type LockUserFormOutput = z.output<typeof lockUserFormSchema>;

export const LOCK_ROLE_OPTIONS: readonly LockRole[] = LOCK_ROLES;

export type PanelMode = 'create' | 'update';

/** The schema the panel's resolver uses: the e-mail only on create. */
export const formSchemaFor = (mode: PanelMode) => (mode === 'create' ? lockUserFormSchema : updateFormSchema);

export function createFormValues(): LockUserFormValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    employeeId: '',
    division: '',
    mobileNo: '',
    cardCSN: '',
    passcode: '',
    role: 'USER',
  };
}

export function updateFormValues(user: LockUser): LockUserFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    employeeId: user.employeeId ?? '',
    division: user.division ?? '',
    mobileNo: user.mobileNo ?? '',
    cardCSN: user.cardCSN ?? '',
    passcode: user.passcode ?? '',
    role: user.role,
  };
}

/** Field problems by field name, from the schema of the panel's mode (empty when every rule holds). */
export function fieldErrors(
  values: LockUserFormValues,
  mode: PanelMode,
): Partial<Record<keyof LockUserFormValues, string>> {
  const parsed = formSchemaFor(mode).safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof LockUserFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof LockUserFormValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

const isValid = (values: LockUserFormValues, mode: PanelMode) =>
  formSchemaFor(mode).safeParse(values).success;

/** Create: every rule holds (names, e-mail, the optional fields' formats). */
export function canCreate(values: LockUserFormValues): boolean {
  return isValid(values, 'create');
}

const norm = (value: string | null | undefined) => (value ?? '').trim();
const sameCard = (a: string | null | undefined, b: string | null | undefined) =>
  norm(a).toUpperCase() === norm(b).toUpperCase();

/** Whether anything but the (fixed) e-mail differs from the loaded user. */
export function hasChanges(values: LockUserFormValues, loaded: LockUser): boolean {
  return (
    values.firstName !== loaded.firstName ||
    values.lastName !== loaded.lastName ||
    norm(values.employeeId) !== norm(loaded.employeeId) ||
    norm(values.division) !== norm(loaded.division) ||
    norm(values.mobileNo) !== norm(loaded.mobileNo) ||
    !sameCard(values.cardCSN, loaded.cardCSN) ||
    norm(values.passcode) !== norm(loaded.passcode) ||
    values.role !== loaded.role
  );
}

/** Update: something changed and every rule holds (never while a name is empty). */
export function canUpdate(values: LockUserFormValues, loaded: LockUser): boolean {
  return hasChanges(values, loaded) && isValid(values, 'update');
}

/** The create body: the checked fields; an empty card, mobile, passcode, id or division goes as null. */
export function createBody(output: LockUserFormOutput, scopeId: string): CreateLockUserBody {
  return { ...output, cardCSN: output.cardCSN ?? null, scopeId };
}

/** The update body: every field but the e-mail and the scope; an empty card is null, which clears it. */
export function updateBody(output: Omit<LockUserFormOutput, 'email'>): UpdateLockUserBody {
  const { email: _email, ...fields } = output as LockUserFormOutput;
  return { ...fields, cardCSN: fields.cardCSN ?? null };
}

/**
 * Spec 002 section 4: a new card replaces the user's old one only after confirmation. Asked when the user had a
 * card and the form holds a different one (clearing the card needs no confirmation: it removes it).
 */
export function replacesCard(loaded: LockUser, cardCSN: string | null | undefined): boolean {
  return norm(loaded.cardCSN) !== '' && norm(cardCSN) !== '' && !sameCard(loaded.cardCSN, cardCSN);
}

/** Our texts of the card-replacement confirmation (the spec words only its existence). */
export const cardReplacementText = (oldCard: string, newCard: string) =>
  i18n.t('lock-users:form.replaceText', { oldCard, newCard: newCard.toUpperCase() });

const CARD_ASSIGNED_PREFIX = cardAssignedMessage('\u0000').split('\u0000')[0] ?? '';

/**
 * How a refused save is shown: the card-conflict dialog for 'This card is already assigned to {email} ...',
 * the server's own words for other refusals it explains (a taken e-mail, a rule), else the spec's failure text.
 */
export type SaveFailure = { kind: 'cardConflict'; text: string } | { kind: 'message'; text: string };

export function saveFailure(error: unknown, mode: PanelMode): SaveFailure {
  if (error instanceof ApiError) {
    if (CARD_ASSIGNED_PREFIX && error.message.startsWith(CARD_ASSIGNED_PREFIX))
      return { kind: 'cardConflict', text: error.message };
    if (error.status === 409 || error.status === 400 || error.status === 422)
      return { kind: 'message', text: error.message };
  }
  return {
    kind: 'message',
    text: mode === 'create' ? portalUserMessages.createFailed : portalUserMessages.updateFailed,
  };
}

/** A blocked delete (409 whose details list the locks): the locks to list, else null. */
export function blockedDeleteLocks(error: unknown): { macId: string; name: string }[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = lockUserDeleteBlockedDetails.safeParse(error.details);
  if (!details.success) return null;
  return details.data.locks.map((lock) => ({ macId: lock.macId, name: lock.name ?? lock.macId }));
}
