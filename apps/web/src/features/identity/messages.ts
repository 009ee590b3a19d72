/** Spec 000 section 8 texts of this feature that the contract does not keep (the server never sends them). */
export const changePasswordMessages = {
  failed: 'Failed to change password',
  failedWith: (serverText: string) => `Failed to update new password. error:${serverText}`,
  confirm: 'Are you sure you want to change your password?',
} as const;

/** A reset that failed for another reason than the link. */
export const resetFailed = 'Error: Please try again';
