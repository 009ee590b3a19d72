import { AUTHENTICATOR_CODE_LENGTH, authenticatorCode } from '@portal/contract';

/** What an authenticator-code input accepts: digits only, at most 6. */
export const sanitizeAuthenticatorCode = (input: string) =>
  input.replace(/\D/g, '').slice(0, AUTHENTICATOR_CODE_LENGTH);

/** Verify is enabled only for a full code: exactly 6 digits (spec 000 section 5). */
export const isCompleteAuthenticatorCode = (code: string) => authenticatorCode.safeParse(code).success;
