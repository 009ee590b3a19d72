import {
  type CreatePortalUserBody,
  type CreateScopeBody,
  customerMessages,
  type uploadImagesResponse,
} from '@portal/contract';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import type { Notice } from '../../lib/use-notify.ts';
import { type CreateCustomerFormOutput, createScopeBodyFrom, ownerBodyFrom } from './customer-form.ts';

/** The answer of the image upload: the stored files' URLs. */
export type UploadImagesResponse = z.infer<typeof uploadImagesResponse>;

/** The three calls of spec 000 section 4 'Customer creation', injected so the sequence is testable. */
export interface CreateCustomerCalls<Image> {
  createScope(body: CreateScopeBody): Promise<{ id: string }>;
  uploadImages(scopeId: string, images: CustomerImages<Image>): Promise<UploadImagesResponse>;
  createOwner(body: CreatePortalUserBody): Promise<unknown>;
}

export interface CustomerImages<Image> {
  logo: Image | null;
  favicon: Image | null;
}

/** The steps already done by an earlier attempt of the same dialog (a retry skips them). */
export interface CreateProgress {
  scopeId: string | null;
  imagesUploaded: boolean;
}
export const NO_PROGRESS: CreateProgress = { scopeId: null, imagesUploaded: false };

export type CreateCustomerResult =
  /** All done; an image upload that failed is reported but does not stop the super admin step. */
  | { status: 'created'; scopeId: string; imagesError: string | null }
  /** Nothing was created. */
  | { status: 'scopeFailed'; error: string }
  /** The customer exists (and stays: it is not deleted behind the user's back); its super admin does not. */
  | {
      status: 'ownerFailed';
      scopeId: string;
      imagesError: string | null;
      error: string;
      progress: CreateProgress;
    };

/** The server's words for a refused call, or a generic text for anything else. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error && error.message ? error.message : 'Unknown error';
}

/**
 * createScope (emailDomain from the super admin's email) -> upload the logo and favicon, when chosen -> create
 * the super admin (owner, Super Admin preset). Steps done by an earlier attempt (`progress`) are skipped.
 */
export async function createCustomer<Image>(
  calls: CreateCustomerCalls<Image>,
  values: CreateCustomerFormOutput,
  images: CustomerImages<Image>,
  progress: CreateProgress = NO_PROGRESS,
): Promise<CreateCustomerResult> {
  let scopeId = progress.scopeId;
  if (scopeId === null) {
    try {
      scopeId = (await calls.createScope(createScopeBodyFrom(values))).id;
    } catch (error) {
      return { status: 'scopeFailed', error: failureText(error) };
    }
  }

  let imagesUploaded = progress.imagesUploaded || (images.logo === null && images.favicon === null);
  let imagesError: string | null = null;
  if (!imagesUploaded) {
    try {
      await calls.uploadImages(scopeId, images);
      imagesUploaded = true;
    } catch (error) {
      imagesError = failureText(error);
    }
  }

  try {
    await calls.createOwner(ownerBodyFrom(values, scopeId));
  } catch (error) {
    return {
      status: 'ownerFailed',
      scopeId,
      imagesError,
      error: failureText(error),
      progress: { scopeId, imagesUploaded },
    };
  }
  return { status: 'created', scopeId, imagesError };
}

export interface CreateOutcome {
  notices: Notice[];
  /** Whether the dialog closes; otherwise it stays open with `dialogError` and a retry. */
  close: boolean;
  dialogError: string | null;
}

const imagesWarning = (name: string, error: string) =>
  `The logo or favicon of ${name} could not be uploaded (${error}). Add them with Update.`;

/** The text as a sentence: with a full stop, unless it already ends in one (or ! or ?). */
const asSentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** What the user is told after an attempt. */
export function createOutcome(result: CreateCustomerResult, name: string): CreateOutcome {
  switch (result.status) {
    case 'created': {
      const notices: Notice[] = [{ variant: 'success', text: customerMessages.created }];
      if (result.imagesError)
        notices.push({ variant: 'warning', text: imagesWarning(name, result.imagesError) });
      return { notices, close: true, dialogError: null };
    }
    case 'scopeFailed':
      return {
        notices: [{ variant: 'error', text: customerMessages.createFailed }],
        close: false,
        dialogError: result.error,
      };
    case 'ownerFailed': {
      const images = result.imagesError ? ` ${imagesWarning(name, result.imagesError)}` : '';
      return {
        notices: [{ variant: 'error', text: customerMessages.createFailed }],
        close: false,
        dialogError:
          `Customer ${name} was created, but its super admin could not be: ${asSentence(result.error)} ` +
          'Correct the super admin and press Create to retry that step. If you close this dialog, the ' +
          `customer stays in the list without a super admin.${images}`,
      };
    }
  }
}
