import { customerMessages } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { initI18n } from '../../lib/i18n/index.ts';
import {
  type CreateCustomerCalls,
  type CustomerImages,
  createCustomer,
  createOutcome,
} from './create-customer.ts';
import { type CreateCustomerFormOutput, createCustomerFormSchema } from './customer-form.ts';

const values: CreateCustomerFormOutput = createCustomerFormSchema.parse({
  name: 'Acme',
  customerId: 'ACME-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada@Acme.Example.com',
  primaryThemeColor: '#112233',
  secondaryThemeColor: '#445566',
});

type Outcome = 'ok' | Error;
const NO_IMAGES: CustomerImages<string> = { logo: null, favicon: null };

/** Fake calls answering as told, recording what was called with what. */
function fakeCalls(outcomes: { customer?: Outcome; images?: Outcome } = {}) {
  const log: string[] = [];
  const bodies: Record<string, unknown> = {};
  const answer = <T>(outcome: Outcome | undefined, value: T) =>
    outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(value);
  const calls: CreateCustomerCalls<string> = {
    createCustomer: (body) => {
      log.push('createCustomer');
      bodies.customer = body;
      return answer(outcomes.customer, { id: 'scope-9' });
    },
    uploadImages: (scopeId, images) => {
      log.push(`uploadImages ${scopeId} ${images.logo ?? '-'} ${images.favicon ?? '-'}`);
      return answer(outcomes.images, { logoUrl: '/l', favIconUrl: null });
    },
  };
  return { calls, log, bodies };
}

const duplicate =
  'The email ada@acme.example.com is already registered for Other tenant and hence cannot be used.';

// The image warning's words come from the catalogue.
beforeAll(() => initI18n('en', ['tenants']));

describe('createCustomer', () => {
  it('creates the customer with its super admin in one call, then uploads the images', async () => {
    const { calls, log, bodies } = fakeCalls();
    const result = await createCustomer(calls, values, { logo: 'logo.png', favicon: null });
    expect(result).toEqual({ status: 'created', scopeId: 'scope-9', imagesError: null });
    expect(log).toEqual(['createCustomer', 'uploadImages scope-9 logo.png -']);
    expect(bodies.customer).toEqual({
      name: 'Acme',
      customerId: 'ACME-1',
      emailDomain: 'acme.example.com',
      primaryThemeColor: '#112233',
      secondaryThemeColor: '#445566',
      superAdmin: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.example.com' },
    });
  });

  it('uploads nothing when no image was chosen', async () => {
    const { calls, log } = fakeCalls();
    await createCustomer(calls, values, NO_IMAGES);
    expect(log).toEqual(['createCustomer']);
  });

  it('stops at a refusal, uploading nothing: the server created nothing either', async () => {
    const { calls, log } = fakeCalls({
      customer: new ApiError(409, 'CONFLICT', customerMessages.customerIdTaken),
    });
    const result = await createCustomer(calls, values, { logo: 'logo.png', favicon: 'fav.ico' });
    expect(result).toEqual({ status: 'failed', error: customerMessages.customerIdTaken, emailError: null });
    expect(log).toEqual(['createCustomer']);
  });

  it("tells a refused super admin e-mail apart (the server's details.field)", async () => {
    const { calls } = fakeCalls({ customer: new ApiError(409, 'CONFLICT', duplicate, { field: 'email' }) });
    expect(await createCustomer(calls, values, NO_IMAGES)).toEqual({
      status: 'failed',
      error: duplicate,
      emailError: duplicate,
    });
  });

  it('reports images that failed; the customer and its super admin exist', async () => {
    const { calls } = fakeCalls({ images: new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Too large') });
    const result = await createCustomer(calls, values, { logo: 'logo.png', favicon: null });
    expect(result).toEqual({ status: 'created', scopeId: 'scope-9', imagesError: 'Too large' });
  });
});

describe('createOutcome', () => {
  it('tells of success and closes', () => {
    expect(createOutcome({ status: 'created', scopeId: 's', imagesError: null }, 'Acme')).toEqual({
      notices: [{ variant: 'success', text: 'Successfully created customer instruction' }],
      close: true,
      dialogError: null,
    });
  });

  it('adds a warning for images that did not upload', () => {
    const outcome = createOutcome({ status: 'created', scopeId: 's', imagesError: 'Too large' }, 'Acme');
    expect(outcome.notices.map((notice) => notice.variant)).toEqual(['success', 'warning']);
    expect(outcome.notices[1]?.text).toContain('Acme');
    expect(outcome.close).toBe(true);
  });

  it('keeps the dialog open with the reason when nothing was created', () => {
    const outcome = createOutcome(
      { status: 'failed', error: 'This Customer ID is already used.', emailError: null },
      'Acme',
    );
    expect(outcome.notices).toEqual([{ variant: 'error', text: 'Failed to create customer instruction' }]);
    expect(outcome).toMatchObject({ close: false, dialogError: 'This Customer ID is already used.' });
  });

  it('leaves a refused e-mail to its field', () => {
    const outcome = createOutcome({ status: 'failed', error: duplicate, emailError: duplicate }, 'Acme');
    expect(outcome).toMatchObject({ close: false, dialogError: null });
    expect(outcome.notices).toEqual([{ variant: 'error', text: 'Failed to create customer instruction' }]);
  });
});
