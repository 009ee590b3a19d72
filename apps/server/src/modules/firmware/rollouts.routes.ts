import {
  maintenanceWindowBody,
  maintenanceWindowResponse,
  rolloutAction,
  rolloutsQuery,
  rolloutsResponse,
  rolloutView,
  selectNextBody,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { principalOf } from '../../plugins/access.ts';
import type { FileStorage } from '../files/index.ts';
import type { RolloutEngineRepository } from './rollout-engine.repository.ts';
import type { RolloutsService } from './rollouts.service.ts';

const idParams = z.object({ id: z.string().max(100) });

/** The rollout views and controls (the Control Firmware Update / Control OS Upgrade dialogs). */
export const rolloutsRoutes: FastifyPluginAsyncZod<{ rollouts: RolloutsService }> = async (
  app,
  { rollouts },
) => {
  const tags = ['firmware'];
  app.get(
    '/api/firmware-rollouts',
    {
      config: { access: 'FIRMWARE_READ' },
      schema: {
        tags,
        summary: "A customer's rollouts, newest first",
        querystring: rolloutsQuery,
        response: { 200: rolloutsResponse },
      },
    },
    async (request) => rollouts.list(principalOf(request), request.query.scopeId, request.query.kind),
  );
  app.get(
    '/api/firmware-rollouts/:id',
    {
      config: { access: 'FIRMWARE_READ' },
      schema: {
        tags,
        summary: 'One rollout with its counters',
        params: idParams,
        response: { 200: rolloutView },
      },
    },
    async (request) => rollouts.get(principalOf(request), request.params.id),
  );
  app.put(
    '/api/firmware-rollouts/:id',
    {
      config: { access: 'FIRMWARE_WRITE' },
      schema: {
        tags,
        summary: 'Pause, resume or cancel a rollout',
        params: idParams,
        body: rolloutAction,
        response: { 200: rolloutView },
      },
    },
    async (request) => rollouts.control(principalOf(request), request.params.id, request.body.action),
  );
  app.post(
    '/api/firmware-rollouts/:id/select-next',
    {
      config: { access: 'FIRMWARE_WRITE' },
      schema: {
        tags,
        summary: 'SELECT NEXT: the next N gateways start now',
        params: idParams,
        body: selectNextBody,
        response: { 200: rolloutView },
      },
    },
    async (request) => rollouts.selectNext(principalOf(request), request.params.id, request.body.count),
  );
  app.get(
    '/api/firmware-maintenance-window',
    {
      config: { access: 'FIRMWARE_READ' },
      schema: {
        tags,
        summary: "A customer's maintenance window (updates start only inside it)",
        querystring: z.object({ scopeId: z.string().max(100) }),
        response: { 200: maintenanceWindowResponse },
      },
    },
    async (request) => ({
      window: await rollouts.maintenanceWindow(principalOf(request), request.query.scopeId),
    }),
  );
  app.put(
    '/api/firmware-maintenance-window',
    {
      config: { access: 'FIRMWARE_WRITE' },
      schema: {
        tags,
        summary: "Sets (or, with null, removes) a customer's maintenance window",
        querystring: z.object({ scopeId: z.string().max(100) }),
        body: maintenanceWindowBody,
        response: { 200: maintenanceWindowResponse },
      },
    },
    async (request) => ({
      window: await rollouts.setMaintenanceWindow(
        principalOf(request),
        request.query.scopeId,
        request.body.window,
      ),
    }),
  );
};

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of a file of `size` bytes; null when unsatisfiable. */
export function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return null;
  return { start, end };
}

/**
 * GET /api/firmware-download/{uid}: the file of one gateway's update. The uid (128 random bits) is the
 * signature: issued for that gateway and that update only, valid until its expiry; HTTP range requests let
 * an interrupted download resume. A forged uid answers 404, an expired one 410; both are logged.
 */
export const downloadRoutes: FastifyPluginAsyncZod<{
  engine: RolloutEngineRepository;
  storage: FileStorage;
}> = async (app, { engine, storage }) => {
  app.get(
    '/api/firmware-download/:uid',
    {
      config: { access: 'public' },
      schema: {
        tags: ['firmware'],
        summary: "A gateway's update file (signed, expiring URL; Range supported)",
        params: z.object({ uid: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const { uid } = request.params;
      const download = /^[0-9a-f]{32}$/.test(uid) ? await engine.download(uid) : undefined;
      if (!download || download.state === 'pending') {
        request.log.warn({ uid }, 'firmware download refused: unknown URL');
        throw new AppError('NOT_FOUND', 'Download not found');
      }
      if (!download.download_expires_at || new Date(download.download_expires_at).getTime() < Date.now()) {
        request.log.warn({ uid, mac: download.gateway_mac }, 'firmware download refused: expired URL');
        throw new AppError('GONE', 'This download link has expired');
      }
      const size = Number(download.size);
      const rangeHeader = request.headers.range;
      const range = rangeHeader ? parseRange(rangeHeader, size) : undefined;
      if (rangeHeader && !range) {
        return reply.code(416).header('Content-Range', `bytes */${size}`).send();
      }
      const file = await storage.open(download.storage_key, range ?? undefined);
      if (!file) throw new AppError('NOT_FOUND', 'Download not found');
      reply
        .header('Accept-Ranges', 'bytes')
        .header('Content-Type', 'application/octet-stream')
        .header('ETag', `"${download.sha256}"`)
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="${download.file_name}"`);
      if (range) {
        reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
          .header('Content-Length', range.end - range.start + 1);
      } else reply.header('Content-Length', size);
      return reply.send(file.stream);
    },
  );
};
