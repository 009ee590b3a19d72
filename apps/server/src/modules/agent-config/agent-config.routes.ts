import {
  agentConfigDelivery,
  agentConfigHistory,
  agentConfigReset,
  agentConfigResponse,
  agentConfigRevert,
  agentConfigUpdate,
  cfv,
  agentConfigMessages as messages,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access.ts';
import type { AgentConfigService } from './agent-config.service.ts';

const sidParams = z.object({ sid: z.string().min(1).max(100) });
const applied = z.object({ message: z.string(), cfv });
const tags = ['agent-config'];

/** The agent configuration calls of spec 002 section 7 at their paths, and ours beside them (same prefix). */
export const agentConfigRoutes: FastifyPluginAsyncZod<{ agentConfig: AgentConfigService }> = async (
  app,
  { agentConfig },
) => {
  app.get(
    '/api/agentConfig/getConfigData/sid/:sid',
    {
      config: { access: 'ALERTS_READ' },
      schema: {
        tags,
        summary: "A customer's agent configuration (secrets masked)",
        params: sidParams,
        response: { 200: agentConfigResponse },
      },
    },
    async (request) => agentConfig.get(principalOf(request), request.params.sid),
  );

  for (const [method, url] of [
    ['POST', '/api/agentConfig/setConfigData'],
    ['PUT', '/api/agentConfig/updateConfigData'],
  ] as const)
    app.route({
      method,
      url,
      config: { access: 'IOT_DEVICE_WRITE' },
      schema: {
        tags,
        summary:
          'Apply a changed configuration (cfg.cfv: the version it was loaded at); a new version results',
        body: agentConfigUpdate,
        response: { 200: applied },
      },
      handler: async (request) => {
        const version = await agentConfig.update(principalOf(request), request.body.SID, request.body.cfg);
        return { message: messages.updated, cfv: version };
      },
    });

  app.put(
    '/api/agentConfig/resetConfigDataToDefault',
    {
      config: { access: 'IOT_DEVICE_WRITE' },
      schema: {
        tags,
        summary: 'Back to the defaults (refused at version 1); secrets are kept',
        body: agentConfigReset,
        response: { 200: applied },
      },
    },
    async (request) => {
      const version = await agentConfig.reset(principalOf(request), request.body.SID, request.body.cfv);
      return { message: messages.reset, cfv: version };
    },
  );

  app.put(
    '/api/agentConfig/revertConfigData',
    {
      config: { access: 'IOT_DEVICE_WRITE' },
      schema: {
        tags,
        summary: 'Go back to an earlier version (a new version holding what it held)',
        body: agentConfigRevert,
        response: { 200: applied },
      },
    },
    async (request) => {
      const { SID, cfv: base, to } = request.body;
      const version = await agentConfig.revert(principalOf(request), SID, base, to);
      return { message: messages.reverted(to), cfv: version };
    },
  );

  app.get(
    '/api/agentConfig/history/sid/:sid',
    {
      config: { access: 'ALERTS_READ' },
      schema: {
        tags,
        summary: 'Every version, newest first: who, when, what changed (secrets only as set or not)',
        params: sidParams,
        response: { 200: agentConfigHistory },
      },
    },
    async (request) => agentConfig.history(principalOf(request), request.params.sid),
  );

  app.get(
    '/api/agentConfig/delivery/sid/:sid',
    {
      config: { access: 'ALERTS_READ' },
      schema: {
        tags,
        summary:
          "The customer's gateways: how many run the current version, an older one, or have not confirmed",
        params: sidParams,
        response: { 200: agentConfigDelivery },
      },
    },
    async (request) => agentConfig.deliveryStatus(principalOf(request), request.params.sid),
  );
};
