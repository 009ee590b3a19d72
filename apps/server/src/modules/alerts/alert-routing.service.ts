import { type AlertRouting, alertMessages, type alertRoutingBody } from '@portal/contract';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { maskedUrl } from '../../lib/masked-url.ts';
import type { Principal } from '../../lib/principal.ts';
import type { AlertAccess } from './alert-access.ts';
import { toRouting } from './alert-rules.ts';
import type { AlertsRepository, RoutingRow } from './alerts.repository.ts';

const invalid = (message: string) => new AppError('VALIDATION_ERROR', message);

/**
 * A rule's routing (issue 31, docs/alert-engine.md): reminders, escalation and hooks, for sensor/system and lock
 * rules alike. Behind the rule's walls: a rule outside the caller's reach (or another general user's) is a 404;
 * reading needs ALERTS_READ, saving ALERTS_WRITE. Escalation receivers are portal users the rule's receivers
 * could be (users of its customer or of a customer above it; a general user only itself).
 */
export class AlertRoutingService {
  constructor(
    private readonly deps: {
      repo: AlertsRepository;
      access: AlertAccess;
      /** The rules changed (the engine reads them again). */
      changed: (tenantId: string) => void;
    },
  ) {}

  /**
   * A hook's address is a secret (anyone who knows a Slack or Teams incoming-webhook address can post to it):
   * those who may save the routing see it in full (they edit it), a reader only its scheme and host.
   */
  async get(principal: Principal, id: string): Promise<AlertRouting> {
    const { alert, scope } = await this.deps.access.alert(principal, id, 'any', 'read');
    const [row] = await this.deps.repo.routings([alert.id]);
    const routing = await this.view(alert.id, row);
    if (scope.canWrite) return routing;
    return { ...routing, hooks: routing.hooks.map((hook) => ({ ...hook, url: maskedUrl(hook.url) })) };
  }

  async save(
    principal: Principal,
    id: string,
    body: z.output<typeof alertRoutingBody>,
  ): Promise<AlertRouting> {
    const { alert, scope } = await this.deps.access.alert(principal, id, 'any', 'write');
    const ids = [...new Set(body.escalationReceivers)];
    if (ids.length > 0) {
      const users = await this.deps.repo.candidates(scope.receiverTenants, { ids });
      if (users.length !== ids.length) throw invalid(alertMessages.receiverUnknown);
      if (scope.generalUser && ids.some((userId) => userId !== principal.userId))
        throw invalid(alertMessages.generalUsersFixed);
    }
    const row = await this.deps.repo
      .saveRouting(alert, {
        reminder_minutes: body.reminderMinutes,
        escalation_minutes: body.escalationMinutes,
        escalation_receivers: body.escalationMinutes === null ? [] : ids,
        hook_secrets: body.hooks,
      })
      // The rule deleted meanwhile (its row gone under the foreign key).
      .catch((error: { code?: string }) => {
        if (error?.code === '23503') return undefined;
        throw error;
      });
    if (!row) throw notFound('Alert');
    this.deps.changed(alert.tenant_id);
    return this.view(alert.id, row);
  }

  private async view(alertId: string, row: RoutingRow | undefined): Promise<AlertRouting> {
    const users = await this.deps.repo.usersById(row?.escalation_receivers ?? []);
    return { ruleId: alertId, ...toRouting(row, users) };
  }
}
