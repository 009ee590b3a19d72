import type { ActivityKind } from '@portal/contract';
import type { Principal } from '../../lib/principal.ts';
import type { ActivitiesRepository } from './activities.repository.ts';

/** Who did it: the tenant and user (null once gone) and the e-mail, kept as typed. */
export interface ActivityActor {
  tenantId: string | null;
  userId: string | null;
  email: string;
}

/** What modules that record activities as they happen (sign-in, sign-up, account removal) depend on. */
export interface ActivityRecorder {
  record(kind: ActivityKind, who: ActivityActor): Promise<unknown>;
}

/** The signed-in user's e-mail, for activities the browser reports. */
export interface SessionUsers {
  sessionUser(principal: Principal): Promise<{ email: string }>;
}

/**
 * Activity records (spec 000 section 3, 002 section 3): login, sign-up, logout and account deletion are
 * recorded by the server as they happen; what only the browser sees (alertsViewed, infoViewed,
 * diagnosticViewed) it reports through the activity calls.
 */
export class ActivitiesService implements ActivityRecorder {
  constructor(private readonly repo: ActivitiesRepository) {}

  record(
    kind: ActivityKind,
    who: ActivityActor,
    extra: { subject?: string | null; providedKey?: string | null } = {},
  ): Promise<unknown> {
    return this.repo.insert({ ...who, email: who.email.toLowerCase(), kind, ...extra });
  }

  listForUser(userId: string) {
    return this.repo.listForUser(userId);
  }

  listForEmail(email: string) {
    return this.repo.listForEmail(email);
  }
}
