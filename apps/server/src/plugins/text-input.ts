import { controlCharacterMessage, findControlCharacter } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

const PARTS = ['params', 'query', 'body'] as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'rows': the route applies the text rule to each row of its JSON array body itself (a bulk import answers
     * a refused row, not the whole batch); params and query are still checked here. */
    bodyTextRule?: 'rows';
  }
}

/**
 * The contract's text rule (packages/contract/src/text.ts) for every route at once: before any route schema
 * runs, a control character (U+0000 and the other C0 characters but TAB, LF and CR) in any string of the path
 * parameters, the query string or a JSON body, at any depth, answers 400 naming the field. Multipart parts are
 * read by their handler and are not part of `request.body`.
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const part of PARTS) {
      if (part === 'body' && request.routeOptions.config.bodyTextRule === 'rows') continue;
      const path = findControlCharacter(request[part]);
      if (!path) continue;
      const message = controlCharacterMessage(path.join('.'));
      throw new AppError('VALIDATION_ERROR', message, [{ path: `/${path.join('/')}`, message }]);
    }
  });
});
