import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { PublicFiles } from './public-files.ts';

/** A stored file never changes under its name (a new upload gets a new one): cache it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /files/{name}: public images (logos, favicons) with their content type and a long cache header. */
export const filesRoutes: FastifyPluginAsyncZod<{ files: PublicFiles }> = async (app, { files }) => {
  app.get(
    '/files/:name',
    {
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        summary: 'A stored public image (logo or favicon) by its random name',
        params: z.object({ name: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) => {
      const file = await files.open(request.params.name);
      if (!file) throw notFound('File');
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.stream);
    },
  );
};
