/** A reset that failed for another reason than the link. */
export const resetFailed = 'Error: Please try again';
