import { z } from 'zod';
import { language } from './languages.ts';

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
    /** The tenant's super admin (spec 000 section 3); decides some row rules of the users screen. */
    owner: z.boolean(),
    /** The user's chosen language (docs/i18n.md); null (or absent): none chosen, the browser's languages decide. */
    language: language.nullable().optional(),
  }),
  isRootUser: z.boolean(),
  /** The user's e-mail is of a vendor staff domain (STAFF_EMAIL_DOMAINS): activity feed, device logs. */
  vendorStaff: z.boolean(),
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

export const newPassword = z
  .string()
  .max(128, passwordMessages.rule)
  .regex(PASSWORD_PATTERN, passwordMessages.rule);

export const changePasswordBody = z.object({
  oldPassword: z.string().min(1, passwordMessages.oldRequired).max(200),
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/* ---------- Two-factor authentication (spec 000 sections 4, 5, 7, 8) ---------- */

export const AUTHENTICATOR_CODE_LENGTH = 6;

export const twoFactorMessages = {
  incorrectCode: 'You have entered an Incorrect code.',
  verified: 'Code has been Verified Successfully.',
  enabled: 'Successfully Enabled 2 Factor-Authentication',
  enableFailed: 'Failed to Enable 2 Factor-Authentication',
  disabled: 'Successfully Disabled 2 factor-authentication',
  disableFailed: 'Failed to Disable 2 factor-authentication',
  enabledTooltip: 'Two-Factor Authentication Enabled',
  disabledTooltip: 'Two-Factor Authentication Disabled',
  /** Switching 2FA off: not from the spec, which asks for no proof. */
  proofRequired: 'Enter a code from your authenticator app or your password.',
  wrongPassword: 'Your password is incorrect.',
} as const;

export const authenticatorCode = z.string().regex(/^\d{6}$/, twoFactorMessages.incorrectCode);

/** Trust periods of a device that passed the code step: 30D with 'Trust this device', otherwise 1D. */
export const TRUST_PERIODS_MS = { '1D': 24 * 3600_000, '30D': 30 * 24 * 3600_000 } as const;
export type TrustPeriod = keyof typeof TRUST_PERIODS_MS;
export const trustPeriod = z.enum(['1D', '30D']);

/** POST /api/twoStepVerification; headers twoFactorKey (the login's key) and expireTime (1D or 30D). */
export const twoStepVerificationBody = z.object({ email: z.string().max(200), code: authenticatorCode });
export const twoStepVerificationHeaders = z.object({
  twofactorkey: z.string().min(1).max(100),
  expiretime: trustPeriod.default('1D'),
});

/** POST /api/getQrCodeUrl: a new secret for the signed-in user, pending until enabled with a code. */
export const qrCodeRequest = z.object({ email: z.string().max(200) });
export const qrCodeResponse = z.object({
  /** PNG data URL of the otpauth URI, for the setup dialog. */
  qrCodeUrl: z.string(),
  /** The base32 secret, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
});
export type QrCodeResponse = z.infer<typeof qrCodeResponse>;

/** PUT /api/enableTwoFA. */
export const enableTwoFactorBody = z.object({ email: z.string().max(200), code: authenticatorCode });
/** DELETE /api/disableTwoFA/user?email=. */
export const disableTwoFactorQuery = z.object({ email: z.string().min(1).max(200) });
/**
 * The body added to DELETE /api/disableTwoFA/user: proof that the signed-in user is at the keyboard, a
 * current code from their authenticator or their password (their own, also when it is another user's 2FA).
 */
export const disableTwoFactorBody = z
  .object({ code: authenticatorCode.optional(), password: z.string().min(1).max(200).optional() })
  .refine((body) => (body.code === undefined) !== (body.password === undefined), {
    message: twoFactorMessages.proofRequired,
  });
export type DisableTwoFactorBody = z.infer<typeof disableTwoFactorBody>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** Live message on the per-scope two-factor channel. */
export const twoFactorLiveMessage = z.object({
  userId: z.string(),
  email: z.string(),
  secureAuthentication: z.boolean(),
});
export type TwoFactorLiveMessage = z.infer<typeof twoFactorLiveMessage>;

/* ---------- Forgot / reset password (spec 000 sections 4, 7, 8) ---------- */

export const forgotPasswordBody = z.object({ email: z.string().max(200) });

/** Answer to every forgot-password request, whether or not the address is known (no account probing). */
export const forgotPasswordMessages = {
  sent: 'If the email is registered, a link to reset the password has been sent.',
} as const;

export const resetLinkMessages = {
  /** 401: used (or otherwise not valid any more). */
  unauthorized:
    'Unauthorized link. Please try resetting your password again by clicking forgot password on login page.',
  /** 410: past its expiry. */
  expired:
    'The link has expired. Please try resetting your password again by clicking forgot password on login page.',
  /** 404: no such link. */
  invalid:
    'Invalid reset password link. Please try resetting your password again by clicking forgot password on login page.',
  lockUserExpired: 'Reset password link has expired',
  lockUserInvalid: 'Invalid reset password link. Contact administrator to reset your password.',
  passwordsDiffer: 'Passwords do not match.',
  resetDone: 'Password has been set successfully. Please sign in.',
} as const;

/** POST /api/resetPassword (also sets the first password from a sign-up or new-user link). */
export const resetPasswordBody = z
  .object({
    password: newPassword,
    activationCode: z.string().min(1).max(200),
    confirm_password: z.string().max(128),
  })
  .refine((body) => body.password === body.confirm_password, {
    message: resetLinkMessages.passwordsDiffer,
    path: ['confirm_password'],
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** How long an e-mailed link stays good. */
export const RESET_LINK_TTL_MS = 60 * 60_000;
export const ACTIVATION_LINK_TTL_MS = 7 * 24 * 3600_000;

/* ---------- Sign-up and social sign-in (spec 000 sections 3, 4, 7, 8) ---------- */

export const signUpMessages = {
  created: 'Your account has been created. A link to set your password has been sent to your email.',
  socialCreated: 'User has been created successfully',
  exists: 'This user already exists!',
  failed: 'Error occurred while signing up. Please try again.',
} as const;

export const socialMessages = {
  notFound: 'User not Found. Please SignUp.',
  failed: 'Error occurred while signing in. Please try again.',
} as const;

/** GET /api/social/config: whether a social identity provider is configured, and its display name. */
export const socialConfig = z.object({ enabled: z.boolean(), providerName: z.string() });
export type SocialConfig = z.infer<typeof socialConfig>;

/** GET /api/social/authorize?mode=: the provider URL to send the browser to (state, nonce and PKCE set). */
export const socialAuthorizeQuery = z.object({ mode: z.enum(['signIn', 'signUp']) });
export const socialAuthorizeResponse = z.object({ url: z.string() });

/** POST /api/signInWithGoogle. `state` comes back from the provider with the code. */
export const socialSignInBody = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
});
/** POST /api/signUpWithGoogle. */
export const socialSignUpBody = socialSignInBody.extend({
  scopeId: z.string().max(100).optional(),
  permissions: z.array(z.string().max(64)).max(64).optional(),
});

/* ---------- Activity records (spec 000 section 3, 002 section 3) ---------- */

export const ACTIVITY_KINDS = [
  'login',
  'signUp',
  'logout',
  'accountDeleted',
  'alertsViewed',
  'infoViewed',
  'diagnosticViewed',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * POST /api/saveLoginOrLogoutActivity and PUT /api/saveUserActivities. Header Activity-Key names the activity
 * (one of ACTIVITY_KINDS); header Provided-Key is an id the browser makes per activity, so a retried call
 * records it once. See docs/identity.md.
 */
export const activityHeaders = z.object({
  'activity-key': z.enum(ACTIVITY_KINDS),
  'provided-key': z.string().min(8).max(100),
});
export const activityBody = z.object({
  scopeId: z.string().max(100).optional(),
  email: z.string().max(200).optional(),
  /** What the activity concerns (a gateway MAC for infoViewed / diagnosticViewed). */
  subject: z.string().max(100).optional(),
});

/* ---------- Remove your account (spec 000 sections 2, 4, 8) ---------- */

export const removeAccountMessages = {
  removed: 'User successfully removed',
  failed: 'Failed to remove your account.',
  dialogFailed: 'Error: Failed to remove you account, try again.',
} as const;

/**
 * Guessing is bounded (docs/identity.md): at most `maxAttempts` passwords or codes evaluated per account
 * (and codes per sign-in challenge) in a window, reserved before verifying; the last one pauses the account.
 */
export const LOGIN_THROTTLE = { maxAttempts: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;
/**
 * Spraying many accounts from one address: once failures from an address name `distinctAccounts` accounts
 * within the window, its guesses take turns, one per `turnMs`, each waiting at most `maxWaitMs`. Never a
 * refusal: a person behind that address with the right password still signs in.
 */
export const ADDRESS_SPRAYING = {
  distinctAccounts: 20,
  windowMs: 15 * 60_000,
  turnMs: 1000,
  maxWaitMs: 10_000,
} as const;
export const throttleMessage = 'Too many attempts. Please wait a few minutes and try again.';
