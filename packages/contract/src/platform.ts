import { z } from 'zod';

export const appDetails = z.object({
  name: z.string(),
  version: z.string(),
  buildTime: z.string(),
});
export type AppDetails = z.infer<typeof appDetails>;

/** GET /api/frontend-app-details: the web app's details and its settings from the server's configuration. */
export const frontendAppDetails = appDetails.extend({
  /** Map tile URL template ({z}/{x}/{y}) of the Gateway Location dialog (MAP_TILE_URL). */
  mapTileUrl: z.string(),
});
export type FrontendAppDetails = z.infer<typeof frontendAppDetails>;

/** Where browsers open their MQTT-over-WebSocket connection: always the portal's own `/mqtt`. */
export const mqttConfig = z.object({
  mqttHost: z.string(),
  mqttProtocol: z.enum(['ws', 'wss']),
  mqttPort: z.number().int(),
  mqttPath: z.string(),
  retryCount: z.number().int(),
});
export type MqttConfig = z.infer<typeof mqttConfig>;

/** Short-lived credential a signed-in browser uses to connect to `/mqtt`. */
export const mqttToken = z.object({
  username: z.string(),
  token: z.string(),
  clientId: z.string(),
  expiresAt: z.string(),
});
export type MqttToken = z.infer<typeof mqttToken>;

export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), backend: z.enum(['pglite', 'postgres']) }),
  broker: z.object({ ok: z.boolean(), mode: z.enum(['embedded', 'external']) }),
});
export type Health = z.infer<typeof health>;
