import { GLOBAL_SEARCH_MIN_LENGTH, type globalSearchPage, type globalSearchQuery } from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { GlobalSearchRepository } from './global-search.repository.ts';

type Query = z.output<typeof globalSearchQuery>;
type Page = z.infer<typeof globalSearchPage>;

/** Our wording: the contract's rule counts characters; spaces are ignored in the match, so here too. */
export const globalSearchTooShort = `Enter at least ${GLOBAL_SEARCH_MIN_LENGTH} characters to search.`;

/**
 * Global search (spec 000 section 2): gateways of the tenants the caller reaches (root: all), matched
 * ignoring spaces and case, sorted and paged.
 */
export class GlobalSearchService {
  constructor(
    private readonly repo: GlobalSearchRepository,
    private readonly tenants: TenantsService,
  ) {}

  async search(principal: Principal, query: Query): Promise<Page> {
    const term = query.search.replace(/\s+/g, '').toLowerCase();
    if (term.length < GLOBAL_SEARCH_MIN_LENGTH) throw new AppError('VALIDATION_ERROR', globalSearchTooShort);
    const reachable = await this.tenants.reachableTenantIds(principal);
    const { rows, total } = await this.repo.search({
      tenantIds: reachable && [...reachable],
      term,
      offset: query.page * query.pageSize,
      limit: query.pageSize,
      sortBy: query.sortBy,
      sortOrder: query.sortOrder,
    });
    return {
      rows: rows.map(({ connected, ...row }) => ({ ...row, status: connected ? 'Online' : 'Offline' })),
      total,
    };
  }
}
