import { globalSearchPage, globalSearchQuery } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { GlobalSearchService } from './global-search.service.ts';

/** GET /api/global-search: the Gateways tab of the global search (spec 000 section 2). */
export const globalSearchRoutes: FastifyPluginAsyncZod<{ globalSearch: GlobalSearchService }> = async (
  app,
  { globalSearch },
) => {
  app.get(
    '/api/global-search',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['global search'],
        summary:
          'Gateways of the customers the user reaches matching at least 3 characters (spaces and case ' +
          'ignored) in customer name, user e-mail/name/phone, gateway name, OS, firmware, MAC, serial ' +
          'number, type or connection status; sorted and paged',
        querystring: globalSearchQuery,
        response: { 200: globalSearchPage },
      },
    },
    async (request) => globalSearch.search(principalOf(request), request.query),
  );
};
