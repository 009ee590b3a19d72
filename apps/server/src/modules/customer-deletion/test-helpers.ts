import { live, type ScopesLiveMessage } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { connectMqtt, randomMac, signIn } from '../../../test/harness.ts';
import type { Portal } from '../../app.ts';
import { AuthRepository } from '../auth/auth.repository.ts';

/** A browser's live connection on /mqtt, as the web app opens it, recording the scopes channel of `scopeId`. */
export async function watchScopes(
  portal: Portal & { baseUrl: string },
  scopeId: string,
  email?: string,
  password?: string,
): Promise<{ client: MqttClient; messages: ScopesLiveMessage[] }> {
  const cookie = await signIn(portal, email, password);
  const response = await portal.app.inject({ method: 'POST', url: '/api/mqtt-token', headers: { cookie } });
  const credential = response.json() as { username: string; token: string; clientId: string };
  const client = await connectMqtt(`${portal.baseUrl.replace('http', 'ws')}/mqtt`, {
    clientId: credential.clientId,
    username: credential.username,
    password: credential.token,
  });
  const messages: ScopesLiveMessage[] = [];
  client.on('message', (_topic, payload) => messages.push(JSON.parse(payload.toString())));
  await client.subscribeAsync(live.scopes(scopeId), { qos: 1 });
  return { client, messages };
}

/** The deletion messages about one customer, as `state step [message]`, in arrival order. */
export function deletionTrail(messages: ScopesLiveMessage[], customerId: string): string[] {
  return messages.flatMap((m) =>
    m.type === 'deletion' && m.id === customerId
      ? [`${m.state} ${m.step}${m.message ? ` ${m.message}` : ''}`]
      : [],
  );
}

/** `count` more users (no password) in the tenant. */
export async function addUsers(portal: Portal, tenantId: string, label: string, count: number) {
  const repo = new AuthRepository(portal.database.db);
  for (let i = 0; i < count; i++) {
    await repo.insertUser({
      tenant_id: tenantId,
      email: `${label.toLowerCase()}-${i}-${randomMac().toLowerCase()}@test.local`,
      first_name: label,
      last_name: `Extra ${i}`,
      password_hash: null,
      permissions: [],
    });
  }
}

/** `count` registered gateways in the tenant; their MACs. */
export async function addGateways(portal: Portal, tenantId: string, count: number): Promise<string[]> {
  const macs: string[] = [];
  for (let i = 0; i < count; i++) {
    const mac = randomMac();
    await portal.services.gateways.provision(tenantId, mac, `Gateway ${i}`);
    macs.push(mac);
  }
  return macs;
}

/** Where the tenant's things are now. */
export async function snapshot(portal: Portal, tenantId: string, macs: string[]) {
  const db = portal.database.db;
  const tenant = await db
    .selectFrom('tenants')
    .select(['id', 'status'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
  const users = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const gateways = await db
    .selectFrom('gateways')
    .select(['mac', 'tenant_id', 'registered'])
    .where('mac', 'in', macs)
    .orderBy('mac')
    .execute();
  return {
    status: tenant?.status ?? null,
    users: Number(users.n),
    gatewayTenants: [...new Set(gateways.map((g) => g.tenant_id))],
    gatewaysRegistered: [...new Set(gateways.map((g) => g.registered))],
  };
}
