import { type AlertIncident, incidentAcknowledgeMessages } from '@portal/contract';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Principal } from '../../lib/principal.ts';
import type { IncidentAnnouncer } from './announcer.ts';
import { incidentView } from './incident-view.ts';
import type { ScopeReach } from './incidents.query.ts';
import type { IncidentsRepository } from './incidents.repository.ts';

/**
 * POST /api/alert-incidents/{id}/acknowledge: a firing, unacknowledged incident within the caller's reach
 * (another customer's is a 404), decided in one statement (IncidentsRepository.acknowledge), so two users or
 * instances at once give one success and one 409. Its reminders and escalation stop; the acknowledgement is
 * audited (alert_acknowledgements), then told on the alerts channels and to the outbound webhooks.
 */
export class IncidentAcknowledgement {
  constructor(
    private readonly repo: IncidentsRepository,
    private readonly tenants: ScopeReach,
    private readonly announcer: IncidentAnnouncer,
  ) {}

  async acknowledge(principal: Principal, id: string): Promise<{ incident: AlertIncident; message: string }> {
    const before = isUuid(id) ? await this.repo.find(id) : undefined;
    if (!before) throw notFound('Alert incident');
    await this.tenants.scopeWithin(principal, before.tenant_id).catch(() => {
      throw notFound('Alert incident');
    });
    const incident = await this.repo.acknowledge(id, principal.userId, new Date());
    if (!incident) {
      const now = await this.repo.find(id);
      throw new AppError(
        'CONFLICT',
        now?.state === 'firing' && now.acknowledged_at
          ? incidentAcknowledgeMessages.already
          : incidentAcknowledgeMessages.notFiring,
      );
    }
    await this.announcer.acknowledged(incident);
    return { incident: incidentView(incident), message: incidentAcknowledgeMessages.acknowledged };
  }
}
