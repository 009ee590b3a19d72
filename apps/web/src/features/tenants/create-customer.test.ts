import { customerMessages, superAdminPreset } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
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
function fakeCalls(outcomes: { scope?: Outcome; images?: Outcome; owner?: Outcome } = {}) {
  const log: string[] = [];
  const bodies: Record<string, unknown> = {};
  const answer = <T>(outcome: Outcome | undefined, value: T) =>
    outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(value);
  const calls: CreateCustomerCalls<string> = {
    createScope: (body) => {
      log.push('createScope');
      bodies.scope = body;
      return answer(outcomes.scope, { id: 'scope-9' });
    },
    uploadImages: (scopeId, images) => {
      log.push(`uploadImages ${scopeId} ${images.logo ?? '-'} ${images.favicon ?? '-'}`);
      return answer(outcomes.images, { logoUrl: '/l', favIconUrl: null });
    },
    createOwner: (body) => {
      log.push('createOwner');
      bodies.owner = body;
      return answer(outcomes.owner, {});
    },
  };
  return { calls, log, bodies };
}

const conflict = (message: string) => new ApiError(409, 'CONFLICT', message);

describe('createCustomer', () => {
  it('creates the scope, uploads the images, then the owner', async () => {
    const { calls, log, bodies } = fakeCalls();
    const result = await createCustomer(calls, values, { logo: 'logo.png', favicon: null });
    expect(result).toEqual({ status: 'created', scopeId: 'scope-9', imagesError: null });
    expect(log).toEqual(['createScope', 'uploadImages scope-9 logo.png -', 'createOwner']);
    expect(bodies.scope).toEqual({
      name: 'Acme',
      customerId: 'ACME-1',
      emailDomain: 'acme.example.com',
      primaryThemeColor: '#112233',
      secondaryThemeColor: '#445566',
    });
    expect(bodies.owner).toEqual({
      email: 'ada@acme.example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      scopeId: 'scope-9',
      permissions: superAdminPreset(false),
      owner: true,
    });
  });

  it('uploads nothing when no image was chosen', async () => {
    const { calls, log } = fakeCalls();
    await createCustomer(calls, values, NO_IMAGES);
    expect(log).toEqual(['createScope', 'createOwner']);
  });

  it('stops at a refused scope, creating nothing else', async () => {
    const { calls, log } = fakeCalls({ scope: conflict(customerMessages.customerIdTaken) });
    const result = await createCustomer(calls, values, { logo: 'logo.png', favicon: 'fav.ico' });
    expect(result).toEqual({ status: 'scopeFailed', error: customerMessages.customerIdTaken });
    expect(log).toEqual(['createScope']);
  });

  it('still creates the owner when the images fail, and reports them', async () => {
    const { calls, log } = fakeCalls({ images: new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Too large') });
    const result = await createCustomer(calls, values, { logo: 'logo.png', favicon: null });
    expect(result).toEqual({ status: 'created', scopeId: 'scope-9', imagesError: 'Too large' });
    expect(log.at(-1)).toBe('createOwner');
  });

  it('keeps the customer when the owner fails, and a retry does only what is left', async () => {
    const duplicate =
      'The email ada@acme.example.com is already registered for Other tenant and hence cannot be used.';
    const first = fakeCalls({ owner: conflict(duplicate) });
    const result = await createCustomer(first.calls, values, { logo: 'logo.png', favicon: null });
    expect(result).toEqual({
      status: 'ownerFailed',
      scopeId: 'scope-9',
      imagesError: null,
      error: duplicate,
      progress: { scopeId: 'scope-9', imagesUploaded: true },
    });
    expect(first.log).not.toContain('deleteScope');

    const retry = fakeCalls();
    if (result.status !== 'ownerFailed') throw new Error('expected ownerFailed');
    const second = await createCustomer(
      retry.calls,
      values,
      { logo: 'logo.png', favicon: null },
      result.progress,
    );
    expect(second).toEqual({ status: 'created', scopeId: 'scope-9', imagesError: null });
    expect(retry.log).toEqual(['createOwner']);
  });

  it('retries the images too when they had failed', async () => {
    const first = fakeCalls({ images: new Error('offline'), owner: new Error('offline') });
    const result = await createCustomer(first.calls, values, { logo: null, favicon: 'fav.ico' });
    expect(result.status === 'ownerFailed' && result.progress).toEqual({
      scopeId: 'scope-9',
      imagesUploaded: false,
    });
    const retry = fakeCalls();
    if (result.status !== 'ownerFailed') throw new Error('expected ownerFailed');
    await createCustomer(retry.calls, values, { logo: null, favicon: 'fav.ico' }, result.progress);
    expect(retry.log).toEqual(['uploadImages scope-9 - fav.ico', 'createOwner']);
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
      { status: 'scopeFailed', error: 'This Customer ID is already used.' },
      'Acme',
    );
    expect(outcome.notices).toEqual([{ variant: 'error', text: 'Failed to create customer instruction' }]);
    expect(outcome).toMatchObject({ close: false, dialogError: 'This Customer ID is already used.' });
  });

  it('does not double the full stop of a server message', () => {
    const outcome = createOutcome(
      {
        status: 'ownerFailed',
        scopeId: 's',
        imagesError: null,
        error: 'The email a@b.com is already registered for X tenant and hence cannot be used.',
        progress: { scopeId: 's', imagesUploaded: true },
      },
      'Acme',
    );
    expect(outcome.dialogError).toContain('cannot be used. Correct');
  });

  it('says clearly that the customer exists without its super admin', () => {
    const outcome = createOutcome(
      {
        status: 'ownerFailed',
        scopeId: 's',
        imagesError: null,
        error: 'Email taken',
        progress: { scopeId: 's', imagesUploaded: true },
      },
      'Acme',
    );
    expect(outcome.notices).toEqual([{ variant: 'error', text: 'Failed to create customer instruction' }]);
    expect(outcome.close).toBe(false);
    expect(outcome.dialogError).toContain(
      'Customer Acme was created, but its super admin could not be: Email taken',
    );
    expect(outcome.dialogError).toContain('stays in the list');
  });
});
