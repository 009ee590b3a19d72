import type { ActivityLogEntry } from '@portal/contract';
import { forbidden } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { isVendorStaff } from '../../lib/vendor-staff.ts';
import { commandEntry, connectionEntry, eventEntry } from './activity-entries.ts';
import type { ActivityFeedRepository } from './activity-feed.repository.ts';
import type { ReachableGateways, UserDirectory } from './gateway-access.ts';

/** At most this many rows of each source are read; the feed shows the newest. */
const MAX_ROWS_PER_SOURCE = 2000;
export const MAX_FEED_ENTRIES = 2000;

/**
 * The gateway's activity feed (spec 001 section 2): device events and alerts, connection changes and what
 * the portal sent, newest first. Only vendor staff (STAFF_EMAIL_DOMAINS) and root users see it.
 */
export class ActivityFeedService {
  constructor(
    private readonly repo: ActivityFeedRepository,
    private readonly deps: {
      gateways: ReachableGateways;
      users: UserDirectory;
      staffDomains: readonly string[];
    },
  ) {}

  async logs(principal: Principal, query: { macId: string; fromTime: number; toTime: number }) {
    const gateway = await this.deps.gateways.reachableGateway(principal, query.macId);
    if (!(await this.isStaff(principal))) throw forbidden();
    const { fromTime: from, toTime: to } = query;
    const [events, connections, commands] = await Promise.all([
      this.repo.events(gateway.mac, from, to, MAX_ROWS_PER_SOURCE),
      this.repo.connectionChanges(gateway.mac, from, to, MAX_ROWS_PER_SOURCE),
      this.repo.commands(gateway.mac, from, to, MAX_ROWS_PER_SOURCE),
    ]);
    const entries: ActivityLogEntry[] = [
      ...events.flatMap((row) =>
        (row.items as Parameters<typeof eventEntry>[2][]).map((item) =>
          eventEntry(Number(row.ti), row.kind, item),
        ),
      ),
      ...connections.map((row) => connectionEntry(Number(row.ti), row.off)),
      ...commands.map((row) => commandEntry(Number(row.ti), row.action, row.detail, row.made_by)),
    ];
    return entries.sort((a, b) => b.date - a.date).slice(0, MAX_FEED_ENTRIES);
  }

  /** Vendor staff: an e-mail of a configured domain; root users always. */
  async isStaff(principal: Principal): Promise<boolean> {
    if (principal.isRoot) return true;
    const { email } = await this.deps.users.sessionUser(principal);
    return isVendorStaff(email, this.deps.staffDomains);
  }
}
