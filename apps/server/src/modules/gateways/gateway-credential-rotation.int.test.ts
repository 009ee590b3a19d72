import { DEFAULT_PERMISSIONS, type RotateCredentialResult } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  endClients,
  injectAs,
  sharedPortal,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';
import { digest } from '../../lib/crypto.ts';
import { gatewayRow, provisioned } from './test-helpers.ts';

/**
 * POST /api/gateway/{id}/rotate-credential [GENERATE_GATEWAY_TOKEN]: a gateway's new MQTT password, answered
 * once; the previous one stops working at once (docs/gateway-operations.md, "Credential rotation").
 */
describe(`POST /api/gateway/{id}/rotate-credential (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: { tenantId: string; cookie: string };
  let beta: { cookie: string };
  let viewer: { cookie: string };
  const clients: MqttClient[] = [];

  const user = async (label: string, permissions: string[]) => {
    const created = await createCustomerWithUser(portal, label, {
      permissions: [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', ...permissions],
    });
    return { tenantId: created.tenant.id, cookie: await signIn(portal, created.email, created.password) };
  };

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await user('Alpha', ['GENERATE_GATEWAY_TOKEN']);
    beta = await user('Beta', ['GENERATE_GATEWAY_TOKEN']);
    // Every gateway permission but the token one (IOT_DEVICE_WRITE registers and edits gateways).
    viewer = await user('Viewer', ['IOT_DEVICE_WRITE', 'IOT_DEVICE_SCOPE_MIGRATE']);
  });
  afterEach(() => endClients(clients));

  const rotate = (cookie: string, id: string) =>
    injectAs(portal, cookie, 'POST', `/api/gateway/${id}/rotate-credential`);
  const connect = async (mac: string, password: string) => {
    const client = await connectMqtt(portal.deviceBrokerUrl, { clientId: mac, username: mac, password });
    clients.push(client);
    return client;
  };

  it('issues a new credential once, by id or MAC; only its digest is kept and the old one is refused', async () => {
    const gateway = await provisioned(portal, alpha.tenantId);
    const response = await rotate(alpha.cookie, gateway.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as RotateCredentialResult;
    expect(body).toMatchObject({
      message: 'New credential issued: the previous one no longer works.',
      macId: gateway.mac,
      scopeId: alpha.tenantId,
    });
    expect(body.credential).not.toBe(gateway.password);
    expect(body.credential.length).toBeGreaterThanOrEqual(20);
    expect((await gatewayRow(portal, gateway.mac))?.credential_hash).toBe(digest(body.credential));
    // The portal's device check (the embedded broker's authentication) takes the new one only.
    const check = portal.services.gateways;
    expect(await check.authenticateDevice(gateway.mac, gateway.password)).toBeNull();
    expect(await check.authenticateDevice(gateway.mac, body.credential)).toMatchObject({
      mac: gateway.mac,
      tenantId: alpha.tenantId,
    });
    // By MAC too, and each rotation ends the one before.
    const again = (await rotate(alpha.cookie, gateway.mac)).json() as RotateCredentialResult;
    expect(again.credential).not.toBe(body.credential);
    expect(await check.authenticateDevice(gateway.mac, body.credential)).toBeNull();
    expect(await check.authenticateDevice(gateway.mac, again.credential)).not.toBeNull();
  });

  it("ends the old credential's connection where the portal runs the broker", async () => {
    const gateway = await provisioned(portal, alpha.tenantId);
    const connected = await connect(gateway.mac, gateway.password);
    const closed = new Promise<void>((resolve) => connected.once('close', () => resolve()));
    const { credential } = (await rotate(alpha.cookie, gateway.id)).json() as RotateCredentialResult;
    expect((await gatewayRow(portal, gateway.mac))?.credential_hash).toBe(digest(credential));
    if (backend === 'embedded') {
      // The embedded broker drops the connection at once, then refuses the old credential, takes the new one.
      await closed;
      expect(connected.connected).toBe(false);
      await expect(connect(gateway.mac, gateway.password)).rejects.toThrow(/Bad username or password/);
      expect((await connect(gateway.mac, credential)).connected).toBe(true);
    } else {
      // An external broker (Mosquitto, anonymous here) authenticates gateways itself and cannot be told to drop
      // one: the connection stays until the operator changes the credential at the broker too (documented).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(connected.connected).toBe(true);
    }
  });

  it('is in the OpenAPI document with its permission and answer', async () => {
    const doc = (await portal.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = doc.paths['/api/gateway/{id}/rotate-credential']?.post;
    expect(operation?.description).toContain('GENERATE_GATEWAY_TOKEN');
    expect(
      Object.keys(operation?.responses['200'].content['application/json'].schema.properties ?? {}),
    ).toEqual(expect.arrayContaining(['message', 'macId', 'scopeId', 'credential']));
  });

  it('answers 404 to another tenant and 403 without GENERATE_GATEWAY_TOKEN, and changes nothing', async () => {
    const gateway = await provisioned(portal, alpha.tenantId);
    const connected = await connect(gateway.mac, gateway.password);
    const before = (await gatewayRow(portal, gateway.mac))?.credential_hash;
    for (const id of [gateway.id, gateway.mac]) {
      const stranger = await rotate(beta.cookie, id);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.body).not.toContain('credential"');
    }
    expect((await rotate(viewer.cookie, gateway.id)).statusCode).toBe(403);
    // A gateway that does not exist is a 404 as well.
    expect((await rotate(alpha.cookie, 'FFFFFFFFFFFF')).statusCode).toBe(404);
    expect((await gatewayRow(portal, gateway.mac))?.credential_hash).toBe(before);
    expect(await portal.services.gateways.authenticateDevice(gateway.mac, gateway.password)).not.toBeNull();
    expect(connected.connected).toBe(true);
  });
});
