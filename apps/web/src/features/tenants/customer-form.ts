import {
  type CreateCustomerBody,
  createScopeBody,
  customerMessages,
  dashboardVariant,
  HEX_COLOR,
  type Scope,
  superAdminFields,
  THEME_DEFAULTS,
  type UpdateScopeBody,
} from '@portal/contract';
import { z } from 'zod';

const color = z.string().regex(HEX_COLOR, customerMessages.invalidColor);

/** The Create Customer dialog checks what the server checks: the createScope fields and the super admin. */
export const createCustomerFormSchema = z.object({
  name: createScopeBody.shape.name,
  customerId: createScopeBody.shape.customerId,
  firstName: superAdminFields.shape.firstName,
  lastName: superAdminFields.shape.lastName,
  email: superAdminFields.shape.email,
  primaryThemeColor: color,
  secondaryThemeColor: color,
});
export type CreateCustomerFormValues = z.input<typeof createCustomerFormSchema>;
export type CreateCustomerFormOutput = z.output<typeof createCustomerFormSchema>;

/**
 * The Update Customer dialog: the label is shown read-only; Customer ID, the colours and the customer's
 * dashboard (the fleet, or the demo pump screen: docs/dashboards.md) can change.
 */
export const updateCustomerFormSchema = createCustomerFormSchema
  .pick({ customerId: true, primaryThemeColor: true, secondaryThemeColor: true })
  .extend({ dashboardVariant });
export type UpdateCustomerFormValues = z.input<typeof updateCustomerFormSchema>;
export type UpdateCustomerFormOutput = z.output<typeof updateCustomerFormSchema>;

export function createFormValues(): CreateCustomerFormValues {
  return {
    name: '',
    customerId: '',
    firstName: '',
    lastName: '',
    email: '',
    primaryThemeColor: THEME_DEFAULTS.primary,
    secondaryThemeColor: THEME_DEFAULTS.secondary,
  };
}

const hexOr = (value: string, fallback: string) => (HEX_COLOR.test(value) ? value : fallback);

/** A colour the picker cannot show (not #rrggbb) starts as the default. */
export function updateFormValues(scope: Scope): UpdateCustomerFormValues {
  return {
    customerId: scope.customerId,
    primaryThemeColor: hexOr(scope.primaryThemeColor, THEME_DEFAULTS.primary),
    secondaryThemeColor: hexOr(scope.secondaryThemeColor, THEME_DEFAULTS.secondary),
    dashboardVariant: scope.dashboardVariant,
  };
}

/** Which images were chosen in the dialog. */
export interface ChosenImages {
  logo: boolean;
  favicon: boolean;
}

const sameColor = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Whether the Customer ID, a colour, the logo or the favicon differs from what the dialog opened with. */
export function hasCustomerChanges(
  values: UpdateCustomerFormValues,
  initial: UpdateCustomerFormValues,
  images: ChosenImages,
): boolean {
  return (
    values.customerId.trim() !== initial.customerId.trim() ||
    !sameColor(values.primaryThemeColor, initial.primaryThemeColor) ||
    !sameColor(values.secondaryThemeColor, initial.secondaryThemeColor) ||
    values.dashboardVariant !== initial.dashboardVariant ||
    images.logo ||
    images.favicon
  );
}

/** Create: every field valid, the email not taken, and no refused image. */
export function canCreateCustomer(
  values: CreateCustomerFormValues,
  emailTaken: boolean,
  imageRefused: boolean,
): boolean {
  return !emailTaken && !imageRefused && createCustomerFormSchema.safeParse(values).success;
}

/** Update: something changed, every field valid, and no refused image. */
export function canUpdateCustomer(
  values: UpdateCustomerFormValues,
  initial: UpdateCustomerFormValues,
  images: ChosenImages,
  imageRefused: boolean,
): boolean {
  return (
    !imageRefused &&
    hasCustomerChanges(values, initial, images) &&
    updateCustomerFormSchema.safeParse(values).success
  );
}

/** The email the duplicate check may ask about: only a valid one (lower-cased), else ''. */
export function checkableEmail(email: string): string {
  const parsed = superAdminFields.shape.email.safeParse(email);
  return parsed.success ? parsed.data : '';
}

/** Spec 000 section 3: the customer's emailDomain is the super admin email's domain. */
export function emailDomainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at === -1
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** The customer and its super admin, created together (POST /api/createCustomer). */
export function createCustomerBodyFrom(values: CreateCustomerFormOutput): CreateCustomerBody {
  return {
    name: values.name,
    customerId: values.customerId,
    emailDomain: emailDomainOf(values.email),
    primaryThemeColor: values.primaryThemeColor,
    secondaryThemeColor: values.secondaryThemeColor,
    superAdmin: { firstName: values.firstName, lastName: values.lastName, email: values.email },
  };
}

/**
 * The label, email domain and parent stay as loaded (the server refuses a different label); the dashboard
 * variant is sent only when it changed (a customer's own users may not change it: the server refuses).
 */
export function updateScopeBodyFrom(values: UpdateCustomerFormOutput, loaded: Scope): UpdateScopeBody {
  return {
    id: loaded.id,
    name: loaded.name,
    customerId: values.customerId,
    ...(loaded.emailDomain ? { emailDomain: loaded.emailDomain } : {}),
    ...(loaded.parent ? { parent: loaded.parent } : {}),
    primaryThemeColor: values.primaryThemeColor,
    secondaryThemeColor: values.secondaryThemeColor,
    ...(values.dashboardVariant !== loaded.dashboardVariant
      ? { dashboardVariant: values.dashboardVariant }
      : {}),
  };
}
