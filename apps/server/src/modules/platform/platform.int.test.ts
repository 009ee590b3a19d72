import { beforeAll, describe, expect, it } from 'vitest';
import { backend, sharedPortal, signIn, type TestPortal } from '../../../test/harness.ts';

describe(`platform calls (${backend} backend)`, () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await sharedPortal();
  });

  it('reports a healthy database and broker of this backend', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: { ok: true, backend: backend === 'real' ? 'postgres' : 'pglite' },
      broker: { ok: true, mode: backend === 'real' ? 'external' : 'embedded' },
    });
  });

  it('answers 503 and says which part failed when the database is gone', async () => {
    const spy = portal.database.ping;
    portal.database.ping = async () => false;
    try {
      const response = await portal.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    } finally {
      portal.database.ping = spy;
    }
  });

  it.each(['frontend', 'iot', 'auth'])('gives the %s app details', async (part) => {
    const response = await portal.app.inject({ method: 'GET', url: `/api/${part}-app-details` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.name).toMatch(/IoT Portal/);
    expect(Number.isNaN(Date.parse(body.buildTime))).toBe(false);
  });

  it('gives the web app the map tile source (MAP_TILE_URL)', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/api/frontend-app-details' });
    expect(response.json().mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    const iot = await portal.app.inject({ method: 'GET', url: '/api/iot-app-details' });
    expect(iot.json().mapTileUrl).toBeUndefined();
  });

  it('points browsers at the portal own /mqtt, only with a session', async () => {
    const anonymous = await portal.app.inject({ method: 'GET', url: '/api/mqttconfig' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toContain('401 Unauthorized:');

    const cookie = await signIn(portal);
    const response = await portal.app.inject({
      method: 'GET',
      url: '/api/mqttconfig',
      headers: { cookie, host: 'portal.example:8443' },
    });
    expect(response.json()).toEqual({
      mqttHost: 'portal.example',
      mqttProtocol: 'ws',
      mqttPort: 8443,
      mqttPath: '/mqtt',
      retryCount: 5,
    });
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/mqttconfig',
        '/api/login/twoFactorKey/{key}',
        '/api/user-details',
        '/api/hirarchy',
      ]),
    );
    // The recursive hierarchy is a named component that its references resolve to.
    expect(doc.components.schemas).toHaveProperty('HierarchyNode');
    expect(
      doc.paths['/api/health'].get.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('database');
    const ui = await portal.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers every failure with the one error envelope', async () => {
    const missing = await portal.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });

    const invalid = await portal.app.inject({
      method: 'POST',
      url: '/api/login/twoFactorKey/k',
      payload: { email: 'x@y.zz' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: expect.any(Array) });
  });
});
