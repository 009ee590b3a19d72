import { graphCatalogue, graphCatalogueQuery, graphRequest, graphResponse } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { GraphGeneratorService } from './graph-generator.service.ts';

/** The graph generator's calls (spec 002 section 7: 'Path not shown', so ours; docs/graph-generator.md). */
export const graphGeneratorRoutes: FastifyPluginAsyncZod<{ graphs: GraphGeneratorService }> = async (
  app,
  { graphs },
) => {
  const tags = ['graph generator'];

  app.post(
    '/api/graph-generator/generate',
    {
      config: { access: 'IOT_DEVICE_READ' },
      schema: {
        tags,
        summary:
          "A sentence ('CO2 of Demo Gateway 3 last week') as a chart over the scope's gateways, or a question with candidates",
        description:
          "The sentence is read over the caller's own catalogue (gateway names, MACs, tags, places; metric names, " +
          'synonyms and units; time through chrono-node in English). A word that is unknown or ambiguous, a missing ' +
          "reading or gateway, or a range outside the custom range rules comes back as `status: 'question'` with " +
          'candidates, each with the re-phrased sentence. `overrides` carries edited chips: with metric, gateways ' +
          'and range it replaces the sentence. The axis is the range padded by 1 hour on each side. 400 for an ' +
          "empty text or one over 500 characters; 404 for a scope outside the caller's reach.",
        body: graphRequest,
        response: { 200: graphResponse },
      },
    },
    async (request) => graphs.generate(principalOf(request), request.body),
  );

  app.get(
    '/api/graph-generator/catalogue',
    {
      config: { access: 'IOT_DEVICE_READ' },
      schema: {
        tags,
        summary: "The scope's gateways (name and MAC) the gateways chip offers",
        querystring: graphCatalogueQuery,
        response: { 200: graphCatalogue },
      },
    },
    async (request) => graphs.catalogue(principalOf(request), request.query.scopeId),
  );
};
