import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createHttpApp } from '../http.ts';
import { createMetrics, metricsPlugin } from './metrics.ts';

describe('/metrics without METRICS_TOKEN', () => {
  it('does not exist on the HTTP port (404), though requests are still timed', async () => {
    const app = await createHttpApp(loadConfig({}), pino({ level: 'silent' }), new URL('file:///none/'));
    const metrics = createMetrics();
    await app.register(metricsPlugin, metrics);
    app.get('/api/things/:id', async () => ({ ok: true }));
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/things/42' })).statusCode).toBe(200);
      const text = await metrics.registry.metrics();
      expect(text).toContain(
        'portal_http_request_duration_seconds_count{method="GET",route="/api/things/:id",status="2xx"} 1',
      );
      expect(text).toContain('route="(unmatched)",status="4xx"} 1');
      expect(text).not.toContain('/api/things/42');
    } finally {
      await app.close();
    }
  });
});
