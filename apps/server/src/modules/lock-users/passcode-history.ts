import {
  type PasscodeHistoryPage,
  passcodeHistoryPage,
  passcodeHistoryParams,
  passcodeHistoryQuery,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { principalOf } from '../../plugins/access.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { PasscodeHistoryRepository } from './passcode-history.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A lock user's passcode change history (spec 002 sections 2, 9; docs/locks.md), tenant-walled. */
export class PasscodeHistoryService {
  constructor(
    private readonly deps: {
      repo: PasscodeHistoryRepository;
      tenants: Pick<TenantsService, 'reachableTenantIds'>;
    },
  ) {}

  async page(
    principal: Principal,
    userId: string,
    query: { page: number; pageSize: number },
  ): Promise<PasscodeHistoryPage> {
    const tenantId = UUID.test(userId) ? await this.deps.repo.userTenant(userId) : undefined;
    const reachable = await this.deps.tenants.reachableTenantIds(principal);
    if (!tenantId || (reachable && !reachable.has(tenantId))) throw notFound('Lock user');
    const { rows, total } = await this.deps.repo.page(userId, query.page * query.pageSize, query.pageSize);
    return {
      changes: rows.map((row) => ({
        id: row.id,
        lockMacId: row.lock_mac,
        lockName: row.lock_name,
        lockSerialNumber: row.lock_serial_number,
        lastUpdated: new Date(row.changed_at).getTime(),
        oldPasscode: row.old_passcode,
        newPasscode: row.new_passcode,
        passcodeType: row.passcode_type,
      })),
      total,
    };
  }
}

export const passcodeHistoryRoutes: FastifyPluginAsyncZod<{ passcodes: PasscodeHistoryService }> = async (
  app,
  { passcodes },
) => {
  app.get(
    '/api/lock-user/passcode-history/userId/:id',
    {
      config: { access: 'IOT_USER_READ' },
      schema: {
        tags: ['lock-users'],
        summary: "A lock user's passcode changes, newest first (pages of 25, 50 or 100)",
        params: passcodeHistoryParams,
        querystring: passcodeHistoryQuery,
        response: { 200: passcodeHistoryPage },
      },
    },
    async (request) => passcodes.page(principalOf(request), request.params.id, request.query),
  );
};
