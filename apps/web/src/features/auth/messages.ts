import { authMessages } from '@portal/contract';

/** Sign-in texts: 'Email is required.' is the spec's (000 section 5, kept in the contract); the others are ours. */
export const signInMessages = {
  emailRequired: authMessages.emailRequired,
  emailTooLong: 'Email must be at most 40 characters.',
  passwordRequired: 'Password is required.',
  passwordTooLong: 'Password is too long.',
} as const;

/** Spec 000 section 8: a failed password-reset request. */
export const forgotPasswordFailed = 'Error: Please try again';
