import type { ActivityKind } from '@portal/contract';
import type { ActivitiesRepository } from './activities.repository.ts';

/**
 * Activity records (spec 000 section 3, 002 section 3): login, sign-up, logout and account deletion are
 * recorded by the server as they happen; what only the browser sees (alertsViewed, infoViewed,
 * diagnosticViewed) it reports through the activity calls.
 */
export class ActivitiesService {
  constructor(private readonly repo: ActivitiesRepository) {}

  record(
    kind: ActivityKind,
    who: { tenantId: string | null; userId: string | null; email: string },
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
