import {
  abortInstructionsBody,
  abortInstructionsResult,
  createInstructionBody,
  createInstructionResult,
  instructionState,
  instructionUidParams,
  pendingInstructionList,
  pendingInstructionsQuery,
  unregisterGatewayParams,
  unregisterGatewayResult,
  updateInstructionBody,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access.ts';
import type { InstructionsService } from './instructions.service.ts';

const PRIVATE_FILE_HEADERS = {
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
};

/**
 * Instruction calls of spec 001 section 7 (paths as written) and docs/gateway-operations.md. Viewing
 * instructions (diagnostics, camera, device logs) need IOT_DEVICE_READ; the service asks
 * GATEWAY_INSTRUCTIONS_WRITE for the others.
 */
export const instructionsRoutes: FastifyPluginAsyncZod<{ instructions: InstructionsService }> = async (
  app,
  { instructions },
) => {
  const tags = ['instructions'];
  const view = { access: 'IOT_DEVICE_READ' as const };

  // POST /api/instruction (spec 001 section 7) and its generic alias PUT /api/generic/create-instruction.
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: method === 'POST' ? '/api/instruction' : '/api/generic/create-instruction',
      config: view,
      schema: {
        tags,
        summary: 'Creates a PENDING instruction and publishes it to the gateway (409 when offline)',
        body: createInstructionBody,
        response: { 200: createInstructionResult },
      },
      handler: async (request) => instructions.create(principalOf(request), request.body),
    });
  }

  app.put(
    '/api/update-instruction',
    {
      config: view,
      schema: {
        tags,
        summary: 'Ends a pending instruction (e.g. a camera capture the browser gave up on)',
        body: updateInstructionBody,
        response: { 200: instructionState },
      },
    },
    async (request) => instructions.update(principalOf(request), request.body),
  );

  app.put(
    '/api/generic/update-instruction/uid/:uid',
    {
      config: view,
      schema: {
        tags,
        summary: 'Same as PUT /api/update-instruction, the uid in the path',
        params: instructionUidParams,
        body: updateInstructionBody.omit({ uid: true }),
        response: { 200: instructionState },
      },
    },
    async (request) =>
      instructions.update(principalOf(request), { ...request.body, uid: request.params.uid }),
  );

  app.put(
    '/api/generic/delete-instruction/uid/:uid',
    {
      config: view,
      schema: {
        tags,
        summary: 'Deletes a pending instruction whose dialog closed before the answer',
        params: instructionUidParams,
        response: { 200: instructionState },
      },
    },
    async (request) => instructions.remove(principalOf(request), request.params.uid),
  );

  app.get(
    '/api/gateway-pending-instruction/pending-instructions',
    {
      config: { access: 'GATEWAY_INSTRUCTIONS_READ' },
      schema: {
        tags,
        summary: 'Pending instructions of a gateway, newest first',
        querystring: pendingInstructionsQuery,
        response: { 200: pendingInstructionList },
      },
    },
    async (request) => instructions.listPending(principalOf(request), request.query.macId),
  );

  app.put(
    '/api/abort/pending-instructions',
    {
      config: { access: 'GATEWAY_INSTRUCTIONS_WRITE' },
      schema: {
        tags,
        summary: 'Aborts pending instructions',
        body: abortInstructionsBody,
        response: { 200: abortInstructionsResult },
      },
    },
    async (request) => instructions.abort(principalOf(request), request.body.instructionIds),
  );

  app.delete(
    '/api/unregister-gateway/macId/:m',
    {
      config: { access: 'IOT_DEVICE_WRITE' },
      schema: {
        tags,
        summary: 'Unregisters a gateway: its stored data deleted, REG 0, UNREGISTER instruction',
        params: unregisterGatewayParams,
        response: { 200: unregisterGatewayResult },
      },
    },
    async (request) => instructions.unregister(principalOf(request), request.params.m),
  );

  app.get(
    '/api/instruction/:uid/image',
    {
      config: view,
      schema: { tags, summary: 'The JPEG of a camera capture', params: instructionUidParams },
    },
    async (request, reply) => {
      const file = await instructions.image(principalOf(request), request.params.uid);
      return reply
        .headers(PRIVATE_FILE_HEADERS)
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .send(file.stream);
    },
  );

  app.get(
    '/api/device-logs/:key',
    {
      config: view,
      schema: {
        tags,
        summary: 'A device log file saved from a LOGS instruction',
        params: z.object({ key: z.string().regex(/^[a-f0-9]{32}\.log(\.gz)?$/) }),
      },
    },
    async (request, reply) => {
      const file = await instructions.deviceLog(principalOf(request), request.params.key);
      return reply
        .headers(PRIVATE_FILE_HEADERS)
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.stream);
    },
  );
};
