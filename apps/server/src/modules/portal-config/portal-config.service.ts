import { type graphConfiguration, live } from '@portal/contract';
import type { z } from 'zod';
import type { LivePublisher } from '../../lib/live.ts';
import type { Principal } from '../../lib/principal.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { PortalConfigRepository } from './portal-config.repository.ts';

type GraphConfiguration = z.infer<typeof graphConfiguration>;
type GraphOption = GraphConfiguration['graphOption'];

/** A scope never configured shows no grey offline areas. */
export const DEFAULT_GRAPH_OPTION: GraphOption = 'Off';

const configuration = (scopeId: string, graphOption: GraphOption): GraphConfiguration => ({
  scopeId,
  graphOption,
  graphGreyShadedOption: graphOption === 'On',
});

/** Portal Configuration (spec 000 section 2): per scope, whether graphs shade gateway offline periods. */
export class PortalConfigService {
  constructor(
    private readonly repo: PortalConfigRepository,
    private readonly tenants: TenantsService,
    private readonly live: LivePublisher,
  ) {}

  /** The setting of every scope the caller reaches. */
  async list(principal: Principal): Promise<GraphConfiguration[]> {
    const rows = await this.repo.list(principal.isRoot ? null : principal.tenantId);
    return rows.map((row) => configuration(row.scope_id, row.graph_option ?? DEFAULT_GRAPH_OPTION));
  }

  /** Sets a reachable scope's option; its browsers hear it on the portal-config channel. */
  async set(principal: Principal, scopeId: string, graphOption: GraphOption): Promise<GraphConfiguration> {
    const scope = await this.tenants.scopeWithin(principal, scopeId);
    await this.repo.set(scope.id, graphOption);
    const config = configuration(scope.id, graphOption);
    this.live.publish(live.portalConfig(scope.id), config);
    return config;
  }
}
