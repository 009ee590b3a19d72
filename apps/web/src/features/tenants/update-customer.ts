import type { Scope, UpdateScopeBody } from '@portal/contract';
import { type CustomerImages, failureText, type UploadImagesResponse } from './create-customer.ts';
import { type UpdateCustomerFormOutput, updateScopeBodyFrom } from './customer-form.ts';

export interface UpdateCustomerCalls<Image> {
  updateScope(body: UpdateScopeBody): Promise<Scope>;
  uploadImages(scopeId: string, images: CustomerImages<Image>): Promise<UploadImagesResponse>;
}

export type UpdateCustomerResult =
  | { status: 'updated'; scope: Scope; imagesError: string | null }
  | { status: 'failed'; error: string };

/**
 * updateScope, then the chosen images; the answer is the customer as it now is (with the new image URLs), or
 * why nothing changed. Images that fail after the details were saved are reported, not undone.
 */
export async function updateCustomer<Image>(
  calls: UpdateCustomerCalls<Image>,
  values: UpdateCustomerFormOutput,
  loaded: Scope,
  images: CustomerImages<Image>,
): Promise<UpdateCustomerResult> {
  let scope: Scope;
  try {
    scope = await calls.updateScope(updateScopeBodyFrom(values, loaded));
  } catch (error) {
    return { status: 'failed', error: failureText(error) };
  }
  if (images.logo === null && images.favicon === null) return { status: 'updated', scope, imagesError: null };
  try {
    const urls = await calls.uploadImages(scope.id, images);
    return {
      status: 'updated',
      scope: {
        ...scope,
        logoUrl: urls.logoUrl ?? scope.logoUrl,
        favIconUrl: urls.favIconUrl ?? scope.favIconUrl,
      },
      imagesError: null,
    };
  } catch (error) {
    return { status: 'updated', scope, imagesError: failureText(error) };
  }
}
