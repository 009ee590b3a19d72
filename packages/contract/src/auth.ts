import { z } from 'zod';

export const loginBody = z.object({
  email: z.string().min(1).max(40),
  password: z.string().min(1).max(200),
  /** Device fingerprint id sent by the browser. */
  fingerprint: z.string().max(200).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({
  /** 'authenticated': session opened; 'secureAuthentication': a 6-digit authenticator code is needed. */
  result: z.enum(['authenticated', 'secureAuthentication']),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const sessionTenant = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  primaryThemeColor: z.string(),
  secondaryThemeColor: z.string(),
  logoUrl: z.string().nullable(),
});

/** GET /api/user-details (spec 000 section 3, session user details). */
export const userDetails = z.object({
  user: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    scopeId: z.string(),
    secureAuthentication: z.boolean(),
    socialLogin: z.boolean(),
  }),
  isRootUser: z.boolean(),
  permissions: z.array(z.string()),
  tenant: sessionTenant,
});
export type UserDetails = z.infer<typeof userDetails>;

export const DEFAULT_PRIMARY_COLOR = '#4190c7';
export const DEFAULT_SECONDARY_COLOR = '#ffffff';

/** Spec 000 section 8. */
export const authMessages = {
  invalidCredentials: 'Invalid Username or Password',
  emailRequired: 'Email is required.',
} as const;

/**
 * New password rule (spec 000 section 5): at least 5 characters, at least one letter and one digit; the
 * only special characters allowed are @, &, # and !.
 */
export const PASSWORD_MIN_LENGTH = 5;
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d@&#!]{5,}$/;

export const passwordMessages = {
  rule: 'Password must have at least 5 characters, a letter and a digit; special characters allowed: @, # and !',
  oldRequired: 'Old Password is required.',
  oldIncorrect: 'Old Password is incorrect.',
  sameAsOld: 'old password and new password cannot be same',
  changed: 'Successfully updated password',
} as const;

export const newPassword = z.string().max(128).regex(PASSWORD_PATTERN, passwordMessages.rule);

export const changePasswordBody = z.object({
  oldPassword: z.string().min(1, passwordMessages.oldRequired).max(200),
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
