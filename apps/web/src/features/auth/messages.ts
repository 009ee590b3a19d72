import { authMessages } from '@portal/contract';

/** Sign-in texts: 'Email is required.' is the spec's (000 section 5, kept in the contract); the others are ours. */
export const signInMessages = {
  emailRequired: authMessages.emailRequired,
  emailTooLong: 'Email must be at most 40 characters.',
  passwordRequired: 'Password is required.',
  passwordTooLong: 'Password is too long.',
} as const;

/** Login modes that the identity work completes. */
export const IDENTITY_WORK_NOTE = 'arrives with the identity work.';
