import { type CreateCustomerBody, customerMessages, type uploadImagesResponse } from '@portal/contract';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { i18n, messageText } from '../../lib/i18n/index.ts';
import type { Notice } from '../../lib/use-notify.ts';
import { type CreateCustomerFormOutput, createCustomerBodyFrom } from './customer-form.ts';

/** The answer of the image upload: the stored files' URLs. */
export type UploadImagesResponse = z.infer<typeof uploadImagesResponse>;

/**
 * The calls of spec 000 section 4 'Customer creation', injected so the sequence is testable: the customer and
 * its super admin together (POST /api/createCustomer, both or neither), then the logo and favicon.
 */
export interface CreateCustomerCalls<Image> {
  createCustomer(body: CreateCustomerBody): Promise<{ id: string }>;
  uploadImages(scopeId: string, images: CustomerImages<Image>): Promise<UploadImagesResponse>;
}

export interface CustomerImages<Image> {
  logo: Image | null;
  favicon: Image | null;
}

export type CreateCustomerResult =
  /** All done; an image upload that failed is reported (the customer and its super admin exist). */
  | { status: 'created'; scopeId: string; imagesError: null | string }
  /** Nothing was created; `emailError` when the super admin e-mail was the reason (the field shows it). */
  | { status: 'failed'; error: string; emailError: string | null };

/** The server's words for a refused call, or a generic text for anything else. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error && error.message ? error.message : i18n.t('tenants:unknownError');
}

/** Whether the server refused the super admin e-mail (in use): its `details.field`. */
const isEmailRefusal = (error: unknown) =>
  error instanceof ApiError && (error.details as { field?: unknown } | undefined)?.field === 'email';

/**
 * The customer with its super admin (owner, Super Admin preset; emailDomain from its e-mail), then the logo
 * and favicon when chosen. A refusal leaves nothing behind, so the dialog can simply be corrected and sent again.
 */
export async function createCustomer<Image>(
  calls: CreateCustomerCalls<Image>,
  values: CreateCustomerFormOutput,
  images: CustomerImages<Image>,
): Promise<CreateCustomerResult> {
  let scopeId: string;
  try {
    scopeId = (await calls.createCustomer(createCustomerBodyFrom(values))).id;
  } catch (error) {
    const text = failureText(error);
    return { status: 'failed', error: text, emailError: isEmailRefusal(error) ? text : null };
  }
  if (images.logo === null && images.favicon === null)
    return { status: 'created', scopeId, imagesError: null };
  try {
    await calls.uploadImages(scopeId, images);
    return { status: 'created', scopeId, imagesError: null };
  } catch (error) {
    return { status: 'created', scopeId, imagesError: failureText(error) };
  }
}

export interface CreateOutcome {
  notices: Notice[];
  /** Whether the dialog closes; otherwise it stays open with `dialogError` and a retry. */
  close: boolean;
  dialogError: string | null;
}

const imagesWarning = (name: string, error: string) =>
  i18n.t('tenants:create.imagesFailed', { name, error: messageText(error) });

/** What the user is told after an attempt. */
export function createOutcome(result: CreateCustomerResult, name: string): CreateOutcome {
  if (result.status === 'failed') {
    return {
      notices: [{ variant: 'error', text: customerMessages.createFailed }],
      close: false,
      // The e-mail's refusal is shown on its field.
      dialogError: result.emailError ? null : result.error,
    };
  }
  const notices: Notice[] = [{ variant: 'success', text: customerMessages.created }];
  if (result.imagesError) notices.push({ variant: 'warning', text: imagesWarning(name, result.imagesError) });
  return { notices, close: true, dialogError: null };
}
