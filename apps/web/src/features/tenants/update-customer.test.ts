import type { Scope } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { scopeFixture } from './test-scopes.ts';
import { type UpdateCustomerCalls, updateCustomer } from './update-customer.ts';

const loaded = scopeFixture({ logoUrl: '/old-logo.png' });
const values = {
  customerId: 'ACME-2',
  primaryThemeColor: '#000001',
  secondaryThemeColor: '#000002',
  dashboardVariant: 'fleet' as const,
};

function fakeCalls(fail: { scope?: Error; images?: Error } = {}) {
  const log: string[] = [];
  const calls: UpdateCustomerCalls<string> = {
    updateScope: async (body) => {
      log.push(`updateScope ${body.customerId}`);
      if (fail.scope) throw fail.scope;
      return { ...loaded, customerId: body.customerId } as Scope;
    },
    uploadImages: async (scopeId, images) => {
      log.push(`uploadImages ${scopeId} ${images.logo ?? '-'} ${images.favicon ?? '-'}`);
      if (fail.images) throw fail.images;
      return { logoUrl: null, favIconUrl: '/fav.ico' };
    },
  };
  return { calls, log };
}

describe('updateCustomer', () => {
  it('saves the details and, when chosen, the images, answering the customer as it now is', async () => {
    const { calls, log } = fakeCalls();
    const result = await updateCustomer(calls, values, loaded, { logo: null, favicon: 'fav.ico' });
    expect(log).toEqual(['updateScope ACME-2', 'uploadImages scope-1 - fav.ico']);
    expect(result).toMatchObject({
      status: 'updated',
      imagesError: null,
      scope: { customerId: 'ACME-2', logoUrl: '/old-logo.png', favIconUrl: '/fav.ico' },
    });
  });

  it('uploads nothing when no image was chosen', async () => {
    const { calls, log } = fakeCalls();
    await updateCustomer(calls, values, loaded, { logo: null, favicon: null });
    expect(log).toEqual(['updateScope ACME-2']);
  });

  it('stops with the server’s reason when the details are refused', async () => {
    const { calls, log } = fakeCalls({
      scope: new ApiError(409, 'CONFLICT', 'This Customer ID is already used.'),
    });
    expect(await updateCustomer(calls, values, loaded, { logo: 'l.png', favicon: null })).toEqual({
      status: 'failed',
      error: 'This Customer ID is already used.',
    });
    expect(log).toEqual(['updateScope ACME-2']);
  });

  it('keeps the saved details when the images fail, and says so', async () => {
    const { calls } = fakeCalls({ images: new ApiError(400, 'VALIDATION_ERROR', 'Not an image') });
    expect(await updateCustomer(calls, values, loaded, { logo: 'l.png', favicon: null })).toMatchObject({
      status: 'updated',
      imagesError: 'Not an image',
      scope: { customerId: 'ACME-2', logoUrl: '/old-logo.png' },
    });
  });
});
