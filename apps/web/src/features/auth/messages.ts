/**
 * Sign-in texts the contract does not hold yet. 'Email is required.' is the spec's (000 section 5);
 * the others are ours.
 */
export const signInMessages = {
  emailRequired: 'Email is required.',
  emailTooLong: 'Email must be at most 40 characters.',
  passwordRequired: 'Password is required.',
  passwordTooLong: 'Password is too long.',
} as const;

/** Login modes that the identity work completes. */
export const IDENTITY_WORK_NOTE = 'arrives with the identity work.';
