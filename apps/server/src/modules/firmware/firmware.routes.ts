import fastifyMultipart from '@fastify/multipart';
import {
  allVersionsResponse,
  applyBody,
  applyParams,
  applyResponse,
  deleteVersionsBody,
  deleteVersionsResponse,
  type FirmwareKind,
  latestCustomerFwResponse,
  latestFirmwareResponse,
  latestOsResponse,
  rolloutSettings,
  uploadResponse,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { principalOf } from '../../plugins/access.ts';
import { type FirmwareService, firmwareTexts, type ReceivedFile } from './firmware.service.ts';

/** The spec's paths of each kind (001 section 7), typos and casing included. */
const PATHS: Record<FirmwareKind, { all: string; remove: string; apply: string; upload: string }> = {
  firmware: {
    all: '/api/getAllFirmwareVersions',
    remove: '/api/deleteFirmwareVersions',
    apply: '/api/apply-firmware',
    upload: '/v1/auth-service/file-storage',
  },
  customerFw: {
    all: '/api/getAllCustomerFwVersions',
    remove: '/api/deleteCfwVersions',
    apply: '/api/update-Cfw',
    upload: '/v1/auth-service/customer-firmware-file',
  },
  osPatch: {
    all: '/api/getAllOSPatchVersions',
    remove: '/api/deleteOSVersions',
    apply: '/api/update-Os',
    upload: '/v1/auth-service/partial-os-file',
  },
};

/** The apply body may also carry the rollout's settings (any of them; the rest are the configured defaults). */
const applyWithRollout = applyBody.extend({ rollout: rolloutSettings.partial().optional() });

export const firmwareRoutes: FastifyPluginAsyncZod<{ firmware: FirmwareService; maxBytes: number }> = async (
  app,
  { firmware, maxBytes },
) => {
  const tags = ['firmware'];

  app.get(
    '/api/scope/latest-versions',
    {
      config: { access: 'FIRMWARE_READ' },
      schema: {
        tags,
        summary: 'Gateway firmware versions applied to each reachable customer',
        response: { 200: latestFirmwareResponse },
      },
    },
    async (request) => ({ fileStores: await firmware.latest(principalOf(request), 'firmware') }),
  );
  app.get(
    '/api/scope/latest-versions-for-partial-os',
    {
      config: { access: 'FIRMWARE_READ' },
      schema: {
        tags,
        summary: 'OS patch versions applied to each reachable customer',
        response: { 200: latestOsResponse },
      },
    },
    async (request) => ({ partialOSFileStore: await firmware.latest(principalOf(request), 'osPatch') }),
  );
  app.get(
    '/api/scope/latest-versions-for-customer-fw',
    {
      config: { access: 'FIRMWARE_READ' },
      schema: {
        tags,
        summary: 'Customer firmware versions applied to each reachable customer',
        response: { 200: latestCustomerFwResponse },
      },
    },
    async (request) => ({ customerFWFileStore: await firmware.latest(principalOf(request), 'customerFw') }),
  );

  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: maxBytes, files: 1, fields: 2, fieldSize: 16 * 1024, parts: 3, headerPairs: 20 },
  });

  for (const kind of ['firmware', 'customerFw', 'osPatch'] as const) {
    const paths = PATHS[kind];
    for (const url of [paths.all, `${paths.all}/`])
      app.get(
        url,
        {
          config: { access: 'FIRMWARE_READ' },
          schema: {
            tags,
            summary: `Every stored ${kind} version, latest first`,
            response: { 200: allVersionsResponse },
          },
        },
        async () => firmware.all(kind),
      );

    app.put(
      paths.remove,
      {
        config: { access: 'FIRMWARE_WRITE' },
        schema: {
          tags,
          summary: `Deletes ${kind} versions (a JSON list of versions)`,
          body: deleteVersionsBody,
          response: { 200: deleteVersionsResponse },
        },
      },
      async (request) => {
        const versions = Array.isArray(request.body) ? request.body : request.body.versions;
        return { deleted: await firmware.deleteVersions(principalOf(request), kind, versions) };
      },
    );

    app.put(
      `${paths.apply}/fileStoreId/:fileStoreId/scopeId/:scopeId`,
      {
        config: { access: 'FIRMWARE_WRITE' },
        schema: {
          tags,
          summary: `Applies a ${kind} version to one customer and starts its staged rollout`,
          params: applyParams,
          body: applyWithRollout.optional(),
          response: { 200: applyResponse },
        },
      },
      async (request) => firmware.apply(principalOf(request), kind, request.params, request.body ?? {}),
    );

    app.post(
      paths.upload,
      {
        config: { access: 'FIRMWARE_WRITE' },
        schema: {
          tags,
          summary: `Uploads a ${kind} file (multipart: upload, info), streamed to storage with its SHA-256`,
          consumes: ['multipart/form-data'],
          response: { 200: uploadResponse },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('VALIDATION_ERROR', firmwareTexts.noFile);
        let received: ReceivedFile | null = null;
        let info: string | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (part.fieldname === 'info') info = String(part.value);
              continue;
            }
            if (part.fieldname !== 'upload' || received) {
              part.file.resume();
              throw new AppError('VALIDATION_ERROR', `Unexpected file part '${part.fieldname}'.`);
            }
            received = await firmware.receiveFile(principalOf(request), kind, part.filename, part.file);
          }
        } catch (error) {
          await firmware.discard(received);
          throw error;
        }
        if (!received) throw new AppError('VALIDATION_ERROR', firmwareTexts.noFile);
        return firmware.completeUpload(principalOf(request), received, info);
      },
    );
  }
};
