import {
  effectivePermissions,
  HEX_COLOR,
  type Scope,
  THEME_DEFAULTS,
  type UpdateScopeBody,
} from '@portal/contract';
import type { Session } from '../../lib/session.ts';

/** The customers offered: every customer, or only the user's own tenant. */
export type ThemeCustomerSource = 'all' | 'own';

/**
 * Spec 000 section 2 'Theme Configuration': all customers for a holder of IOT_SERVICE_DATABASE_RESET, else
 * only the user's own. The customers list call needs TOP_LEVEL_SCOPE_READ (a refused call ends the session),
 * so the list of all customers also needs that.
 */
export function themeCustomerSource(context: Pick<Session, 'permissions'>): ThemeCustomerSource {
  const held = effectivePermissions(context.permissions);
  return held.has('IOT_SERVICE_DATABASE_RESET') && held.has('TOP_LEVEL_SCOPE_READ') ? 'all' : 'own';
}

export interface ThemeFormValues {
  /** The chosen customer's scope id; '' until one is chosen. */
  scopeId: string;
  primaryThemeColor: string;
  secondaryThemeColor: string;
}

/** With no customer chosen, the pickers show the theme defaults: primary #4190c7, secondary #B0BF5D. */
export const INITIAL_THEME_FORM: ThemeFormValues = {
  scopeId: '',
  primaryThemeColor: THEME_DEFAULTS.primary,
  secondaryThemeColor: THEME_DEFAULTS.secondary,
};

/**
 * The form for a chosen customer: its current colours in both pickers, so changing one colour keeps the
 * other; no customer (or an unknown one) gives the defaults.
 */
export function themeFormFor(customer: Scope | undefined): ThemeFormValues {
  return customer ? { scopeId: customer.id, ...currentColors(customer) } : INITIAL_THEME_FORM;
}

/** The form first shows the user's own customer when it is on offer. */
export function initialThemeForm(
  customers: readonly Scope[],
  ownScopeId: string | undefined,
): ThemeFormValues {
  return themeFormFor(customers.find((customer) => customer.id === ownScopeId));
}

/** A colour counts as chosen when it is a full #rrggbb value (what the picker gives and the server takes). */
export function isColorChosen(value: string | null | undefined): boolean {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/** Apply is enabled only when a customer and both colours are chosen (spec 000 section 5). */
export function canApplyTheme(values: ThemeFormValues, customers: readonly Pick<Scope, 'id'>[]): boolean {
  return (
    customers.some((customer) => customer.id === values.scopeId) &&
    isColorChosen(values.primaryThemeColor) &&
    isColorChosen(values.secondaryThemeColor)
  );
}

/** The dropdown's order: by name, case-insensitively, then by customer id. */
export function sortCustomersByName<T extends Pick<Scope, 'name' | 'customerId'>>(
  customers: readonly T[],
): T[] {
  return [...customers].sort(
    (a, b) =>
      a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) ||
      a.customerId.localeCompare(b.customerId),
  );
}

/** A customer's current colours as they are shown beside the dropdown; the defaults where one is unset. */
export function currentColors(scope: Pick<Scope, 'primaryThemeColor' | 'secondaryThemeColor'>): {
  primaryThemeColor: string;
  secondaryThemeColor: string;
} {
  return {
    primaryThemeColor: isColorChosen(scope.primaryThemeColor)
      ? scope.primaryThemeColor
      : THEME_DEFAULTS.primary,
    secondaryThemeColor: isColorChosen(scope.secondaryThemeColor)
      ? scope.secondaryThemeColor
      : THEME_DEFAULTS.secondary,
  };
}

/** PUT /api/updateScope: the customer as it is (the label cannot change) with the chosen colours. */
export function themeUpdateBody(scope: Scope, values: ThemeFormValues): UpdateScopeBody {
  return {
    id: scope.id,
    name: scope.name,
    customerId: scope.customerId,
    ...(scope.emailDomain ? { emailDomain: scope.emailDomain } : {}),
    ...(scope.parent ? { parent: scope.parent } : {}),
    primaryThemeColor: values.primaryThemeColor,
    secondaryThemeColor: values.secondaryThemeColor,
  };
}

/** A customer list with one customer replaced by its updated version. */
export function withUpdatedCustomer(
  customers: readonly Scope[] | undefined,
  updated: Scope,
): Scope[] | undefined {
  return customers?.map((customer) => (customer.id === updated.id ? updated : customer));
}

/** How many pages of `pageSize` hold `total` customers. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
