import { DEFAULT_PERMISSIONS, deviceDown } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import {
  connectMqtt,
  createCustomerWithUser,
  injectAs,
  randomMac,
  signIn,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';

export const DEFAULT_USER = [...DEFAULT_PERMISSIONS];
export const READER = [...DEFAULT_PERMISSIONS, 'ALERTS_READ'];
export const WRITER = [...READER, 'ALERTS_WRITE'];

export type Customer = Awaited<ReturnType<typeof createCustomerWithUser>> & {
  cookie: string;
  userId: string;
};

/** A customer with a signed-in user holding `permissions`; `phone` sets the user's profile number. */
export async function customer(
  portal: TestPortal,
  label: string,
  permissions: string[] = WRITER,
  phone = '',
): Promise<Customer> {
  const created = await createCustomerWithUser(portal, label, { permissions });
  const user = await portal.database.db
    .updateTable('users')
    .set({ phone_number: phone, country_short_code: phone ? 'US' : '' })
    .where('email', '=', created.email)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...created, cookie: await signIn(portal, created.email, created.password), userId: user.id };
}

/** Another user in a tenant, who signs in with 'UserPass1'. */
export async function colleague(
  portal: TestPortal,
  tenantId: string,
  name: string,
  phone = '',
  email = `${name.toLowerCase()}-${randomMac().slice(0, 6).toLowerCase()}@test.local`,
  permissions: string[] = READER,
) {
  const { createUsersModule } = await import('../users/index.ts');
  const { hashPassword } = await import('../../lib/crypto.ts');
  const user = await createUsersModule({ db: portal.database.db }).users.insertUser({
    tenant_id: tenantId,
    email,
    first_name: name,
    last_name: 'Colleague',
    password_hash: await hashPassword('UserPass1'),
    permissions,
  });
  if (phone)
    await portal.database.db
      .updateTable('users')
      .set({ phone_number: phone })
      .where('id', '=', user.id)
      .execute();
  return { id: user.id, email };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export const call = (
  portal: TestPortal,
  cookie: string,
  method: Method,
  url: string,
  payload?: Record<string, unknown>,
  query?: Record<string, string>,
) => injectAs(portal, cookie, method, url, { ...(payload ? { payload } : {}), ...(query ? { query } : {}) });

/** A provisioned gateway of the tenant listening on its command topic at QoS 2, recording QoS and retain. */
export async function listeningGateway(portal: TestPortal, tenantId: string) {
  const mac = randomMac();
  const { password } = await portal.services.gateways.provision(tenantId, mac, `Alerts ${mac}`);
  const client: MqttClient = await connectMqtt(portal.deviceBrokerUrl, {
    clientId: mac,
    username: mac,
    password,
  });
  const received: { topic: string; body: unknown; qos: number; retain: boolean }[] = [];
  client.on('message', (topic, payload, packet) => {
    received.push({ topic, body: JSON.parse(payload.toString()), qos: packet.qos, retain: packet.retain });
  });
  await client.subscribeAsync(deviceDown.command('+', mac), { qos: 2 });
  return {
    mac,
    received,
    /** The commands received after `from`, once `count` of them are there. */
    async commands(count: number, from = 0) {
      await waitFor(async () => received.length - from >= count);
      return received.slice(from);
    },
    close: () => client.endAsync(true),
  };
}
