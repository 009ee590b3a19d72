/** A portal session ends after 15 minutes without a request, and 12 hours after sign-in whatever happens. */
export const SESSION_IDLE_MS = 15 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 3600_000;
