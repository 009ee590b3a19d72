import { customerMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  type CreateCustomerFormValues,
  canCreateCustomer,
  canUpdateCustomer,
  checkableEmail,
  createCustomerFormSchema,
  createFormValues,
  emailDomainOf,
  hasCustomerChanges,
  updateCustomerFormSchema,
  updateFormValues,
  updateScopeBodyFrom,
} from './customer-form.ts';
import { scopeFixture } from './test-scopes.ts';

const valid: CreateCustomerFormValues = {
  ...createFormValues(),
  name: 'Acme',
  customerId: 'ACME-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@acme.com',
};

/** The first message of each field that fails (what the form shows). */
function problems(values: Partial<CreateCustomerFormValues>): Record<string, string> {
  const parsed = createCustomerFormSchema.safeParse({ ...valid, ...values });
  if (parsed.success) return {};
  const first: Record<string, string> = {};
  for (const issue of parsed.error.issues) first[String(issue.path[0])] ??= issue.message;
  return first;
}

/** An address of exactly `length` characters. */
const emailOfLength = (length: number) => `${'a'.repeat(length - '@acme.com'.length)}@acme.com`;

describe('create form rules', () => {
  it('accepts a complete form', () => {
    expect(problems({})).toEqual({});
    expect(canCreateCustomer(valid, false, false)).toBe(true);
  });

  it('requires every field, with the spec’s messages', () => {
    expect(problems({ name: '', customerId: ' ', firstName: '', lastName: '', email: '' })).toEqual({
      name: 'Customer Label is required',
      customerId: 'Customer ID is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Super Admin is required',
    });
  });

  it.each(['name', 'customerId', 'firstName', 'lastName'] as const)(
    '%s takes 20 characters, not 21',
    (field) => {
      expect(problems({ [field]: 'x'.repeat(20) })).toEqual({});
      expect(problems({ [field]: 'x'.repeat(21) })).toEqual({ [field]: customerMessages.tooLong });
    },
  );

  it('takes a super admin email of 40 characters, not 41, and only a valid one', () => {
    expect(emailOfLength(40)).toHaveLength(40);
    expect(problems({ email: emailOfLength(40) })).toEqual({});
    expect(problems({ email: emailOfLength(41) })).toEqual({ email: customerMessages.invalidEmail });
    expect(problems({ email: 'ada@acme' })).toEqual({ email: customerMessages.invalidEmail });
  });

  it('takes colours as #rrggbb', () => {
    expect(problems({ primaryThemeColor: '#abc' })).toEqual({
      primaryThemeColor: customerMessages.invalidColor,
    });
    expect(problems({ secondaryThemeColor: '#A1B2C3' })).toEqual({});
  });

  it('refuses to create while the email is taken or an image is refused', () => {
    expect(canCreateCustomer(valid, true, false)).toBe(false);
    expect(canCreateCustomer(valid, false, true)).toBe(false);
    expect(canCreateCustomer({ ...valid, name: '' }, false, false)).toBe(false);
  });

  it('starts with the theme picker defaults', () => {
    expect(createFormValues()).toMatchObject({
      primaryThemeColor: '#4190c7',
      secondaryThemeColor: '#B0BF5D',
    });
  });
});

describe('emails', () => {
  it('checks only a valid address, lower-cased', () => {
    expect(checkableEmail('Ada@Acme.com')).toBe('ada@acme.com');
    expect(checkableEmail('ada@')).toBe('');
    expect(checkableEmail(emailOfLength(41))).toBe('');
  });

  it('takes the domain for emailDomain', () => {
    expect(emailDomainOf('ada@Mail.Acme.com')).toBe('mail.acme.com');
    expect(emailDomainOf('no-at')).toBe('');
  });
});

describe('update form rules', () => {
  const loaded = scopeFixture();
  const initial = updateFormValues(loaded);
  const none = { logo: false, favicon: false };

  it('is enabled only when something changed', () => {
    expect(hasCustomerChanges(initial, initial, none)).toBe(false);
    expect(canUpdateCustomer(initial, initial, none, false)).toBe(false);
    expect(canUpdateCustomer({ ...initial, customerId: 'ACME-2' }, initial, none, false)).toBe(true);
    expect(canUpdateCustomer({ ...initial, primaryThemeColor: '#000000' }, initial, none, false)).toBe(true);
    expect(canUpdateCustomer({ ...initial, secondaryThemeColor: '#000000' }, initial, none, false)).toBe(
      true,
    );
    expect(canUpdateCustomer(initial, initial, { logo: true, favicon: false }, false)).toBe(true);
    expect(canUpdateCustomer(initial, initial, { logo: false, favicon: true }, false)).toBe(true);
  });

  it('does not count a change of letter case in a colour, or surrounding spaces in the id', () => {
    expect(
      hasCustomerChanges({ ...initial, primaryThemeColor: '#112233'.toUpperCase() }, initial, none),
    ).toBe(false);
    expect(hasCustomerChanges({ ...initial, customerId: ' ACME-1 ' }, initial, none)).toBe(false);
  });

  it('is disabled while a field is invalid or an image is refused', () => {
    expect(canUpdateCustomer({ ...initial, customerId: '' }, initial, none, false)).toBe(false);
    expect(canUpdateCustomer({ ...initial, customerId: 'x'.repeat(21) }, initial, none, false)).toBe(false);
    expect(canUpdateCustomer({ ...initial, customerId: 'x'.repeat(20) }, initial, none, false)).toBe(true);
    expect(canUpdateCustomer(initial, initial, { logo: true, favicon: false }, true)).toBe(false);
  });

  it('starts from the customer, with the defaults for a colour the picker cannot show', () => {
    expect(updateFormValues(scopeFixture({ primaryThemeColor: 'white', secondaryThemeColor: '' }))).toEqual({
      customerId: 'ACME-1',
      primaryThemeColor: '#4190c7',
      secondaryThemeColor: '#B0BF5D',
      dashboardVariant: 'fleet',
    });
  });

  it('sends the loaded label, domain and parent with the new values', () => {
    expect(
      updateScopeBodyFrom(
        {
          customerId: 'ACME-2',
          primaryThemeColor: '#000001',
          secondaryThemeColor: '#000002',
          dashboardVariant: 'fleet',
        },
        loaded,
      ),
    ).toEqual({
      id: 'scope-1',
      name: 'Acme',
      customerId: 'ACME-2',
      emailDomain: 'acme.com',
      parent: 'root-1',
      primaryThemeColor: '#000001',
      secondaryThemeColor: '#000002',
    });
  });

  it('counts a new dashboard variant as a change and sends it only then', () => {
    const pump = { ...initial, dashboardVariant: 'pump' as const };
    expect(canUpdateCustomer(pump, initial, none, false)).toBe(true);
    expect(updateScopeBodyFrom(pump, loaded)).toMatchObject({ dashboardVariant: 'pump' });
    expect(updateScopeBodyFrom(initial, loaded)).not.toHaveProperty('dashboardVariant');
    expect(updateCustomerFormSchema.safeParse({ ...initial, dashboardVariant: 'garden' }).success).toBe(
      false,
    );
  });
});
