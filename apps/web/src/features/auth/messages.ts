/** Spec 000 section 8: a failed password-reset request. */
export const forgotPasswordFailed = 'Error: Please try again';
