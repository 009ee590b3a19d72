import { live, portalConfigMessages, superAdminPreset } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';

type Customer = Awaited<ReturnType<typeof createCustomerWithUser>>;
interface Config {
  scopeId: string;
  graphOption: 'On' | 'Off';
  graphGreyShadedOption: boolean;
}

describe(`portal configuration (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let alpha: Customer;
  let alphaUser: string;
  let kid: Customer;
  let beta: Customer;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    root = await signIn(portal);
    // A customer user holding IOT_DEVICE_SCOPE_MIGRATE, to prove the walls hold beyond the permission.
    const permissions = [...superAdminPreset(false), 'IOT_DEVICE_SCOPE_MIGRATE'];
    alpha = await createCustomerWithUser(portal, 'Alpha', { permissions });
    alphaUser = await signIn(portal, alpha.email, alpha.password);
    kid = await createCustomerWithUser(portal, 'Kid', { permissions, parentId: alpha.tenant.id });
    beta = await createCustomerWithUser(portal, 'Beta', { permissions });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await portal?.close();
  });

  const configurations = async (cookie: string): Promise<Config[]> => {
    const response = await portal.app.inject({
      method: 'GET',
      url: '/api/iotdevices/configurations',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const apply = (cookie: string, option: string, scopeId: string) =>
    portal.app.inject({
      method: 'POST',
      url: `/api/iotdevices/${option}/scopeId/${scopeId}`,
      headers: { cookie },
    });
  const optionOf = async (scopeId: string) =>
    (await configurations(root)).find((c) => c.scopeId === scopeId)?.graphOption;

  it('is Off for every scope never configured', async () => {
    const all = await configurations(root);
    const tenants = await portal.database.db.selectFrom('tenants').select('id').execute();
    expect(all.map((c) => c.scopeId).sort()).toEqual(tenants.map((t) => t.id).sort());
    for (const config of all)
      expect(config).toMatchObject({ graphOption: 'Off', graphGreyShadedOption: false });
  });

  it('applies On and Off, answers the spec message and pushes the setting to the scope’s browsers', async () => {
    const token = await portal.app.inject({
      method: 'POST',
      url: '/api/mqtt-token',
      headers: { cookie: alphaUser },
    });
    const { username, token: password, clientId } = token.json();
    const client = await connectMqtt(`${portal.baseUrl.replace('http', 'ws')}/mqtt`, {
      clientId,
      username,
      password,
    });
    clients.push(client);
    const messages: Config[] = [];
    client.on('message', (_topic, payload) => messages.push(JSON.parse(payload.toString())));
    await client.subscribeAsync(live.portalConfig(alpha.tenant.id), { qos: 1 });

    const on = await apply(root, 'On', alpha.tenant.id);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ message: portalConfigMessages.applied });
    expect(await optionOf(alpha.tenant.id)).toBe('On');
    expect((await configurations(root)).find((c) => c.scopeId === alpha.tenant.id)).toEqual({
      scopeId: alpha.tenant.id,
      graphOption: 'On',
      graphGreyShadedOption: true,
    });
    await waitFor(async () => messages.find((m) => m.graphOption === 'On'));
    expect(messages[0]).toEqual({ scopeId: alpha.tenant.id, graphOption: 'On', graphGreyShadedOption: true });

    // Any case of the word; applying twice is the same as once.
    expect((await apply(root, 'off', alpha.tenant.id)).statusCode).toBe(200);
    expect((await apply(root, 'OFF', alpha.tenant.id)).statusCode).toBe(200);
    expect(await optionOf(alpha.tenant.id)).toBe('Off');
    await waitFor(async () => messages.find((m) => m.graphOption === 'Off'));
  });

  it('refuses an unknown option and an unknown scope', async () => {
    expect((await apply(root, 'Maybe', alpha.tenant.id)).statusCode).toBe(400);
    expect((await apply(root, 'On', 'not-a-uuid')).statusCode).toBe(404);
    expect((await apply(root, 'On', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('shows a customer only its own subtree, and stops it at the walls', async () => {
    const own = await configurations(alphaUser);
    expect(own.map((c) => c.scopeId).sort()).toEqual([alpha.tenant.id, kid.tenant.id].sort());

    const stranger = await apply(alphaUser, 'On', beta.tenant.id);
    expect(stranger.statusCode).toBe(404);
    expect(await optionOf(beta.tenant.id)).toBe('Off');
    // The parent reaches its child; the child does not reach its parent.
    expect((await apply(alphaUser, 'On', kid.tenant.id)).statusCode).toBe(200);
    expect(await optionOf(kid.tenant.id)).toBe('On');
    const kidUser = await signIn(portal, kid.email, kid.password);
    expect((await apply(kidUser, 'On', alpha.tenant.id)).statusCode).toBe(404);
    expect(await optionOf(alpha.tenant.id)).toBe('Off');
  });

  it('needs IOT_DEVICE_SCOPE_MIGRATE to apply, and a session to read', async () => {
    const plain = await createCustomerWithUser(portal, 'Plain', { permissions: superAdminPreset(false) });
    const cookie = await signIn(portal, plain.email, plain.password);
    expect((await apply(cookie, 'On', plain.tenant.id)).statusCode).toBe(403);
    expect(await optionOf(plain.tenant.id)).toBe('Off');
    expect((await configurations(cookie)).map((c) => c.scopeId)).toEqual([plain.tenant.id]);
    const signedOut = await portal.app.inject({ method: 'GET', url: '/api/iotdevices/configurations' });
    expect(signedOut.statusCode).toBe(401);
  });
});
