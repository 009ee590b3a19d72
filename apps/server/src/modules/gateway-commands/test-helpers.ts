import { randomBytes } from 'node:crypto';
import { DEFAULT_PERMISSIONS, deviceDown, deviceUp, type Permission } from '@portal/contract';
import { type Simulation, startSimulation } from '@portal/gateway-sim';
import type { MqttClient } from 'mqtt';
import {
  connectMqtt,
  createCustomerWithUser,
  injectAs,
  randomMac,
  sharedPortal,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { createUsersModule } from '../users/index.ts';

// Helpers of the gateway-commands integration tests.

export const OPERATOR: Permission[] = [
  ...DEFAULT_PERMISSIONS,
  'IOT_DEVICE_READ',
  'IOT_DEVICE_WRITE',
  'TOP_LEVEL_SCOPE_READ',
];
export type Customer = Awaited<ReturnType<typeof createCustomerWithUser>>;

/** A portal of its own with customers Alpha and Beta whose users may send commands, both signed in. */
export function startCommandsPortal(overrides: Record<string, string> = {}) {
  return startPortal(overrides).then(withCustomers);
}

/** The worker's shared portal (no overrides) with customers Alpha and Beta of the file's own, both signed in. */
export function sharedCommandsPortal() {
  return sharedPortal().then(withCustomers);
}

async function withCustomers(portal: TestPortal) {
  const alpha = await createCustomerWithUser(portal, 'Alpha', { permissions: OPERATOR });
  const beta = await createCustomerWithUser(portal, 'Beta', { permissions: OPERATOR });
  return {
    portal,
    alpha,
    beta,
    alphaCookie: await signIn(portal, alpha.email, alpha.password),
    betaCookie: await signIn(portal, beta.email, beta.password),
  };
}

/** Another user of a tenant, signed in (e.g. without a permission, or of another e-mail domain). */
export async function signedInUser(
  portal: TestPortal,
  tenantId: string,
  options: { permissions: Permission[]; email?: string },
): Promise<{ email: string; cookie: string }> {
  const email = options.email ?? `user-${randomBytes(3).toString('hex')}@test.local`;
  await createUsersModule({ db: portal.database.db }).users.insertUser({
    tenant_id: tenantId,
    email,
    first_name: 'Other',
    last_name: 'User',
    password_hash: await hashPassword('UserPass1'),
    permissions: options.permissions,
  });
  return { email, cookie: await signIn(portal, email, 'UserPass1') };
}

/** Provisions gateways in a tenant and runs them as simulated gateways (fast scans, restarts, hotspot). */
export async function simulateGateways(portal: TestPortal, tenantId: string, count = 1) {
  const credentials = [];
  for (let i = 0; i < count; i++) {
    const credential = await portal.services.gateways.provision(tenantId, randomMac(), `Sim ${i}`);
    credentials.push({ ...credential, scopeId: tenantId });
  }
  const simulation: Simulation = startSimulation({
    brokerUrl: portal.deviceBrokerUrl,
    gateways: credentials,
    telemetryIntervalMs: 60_000,
    stateIntervalMs: 60_000,
    scanDurationMs: 300,
    restartDelayMs: 300,
    hotspotSwitchMs: 300,
    seed: 7,
  });
  await simulation.whenConnected();
  for (const { mac } of credentials) await waitOnline(portal, mac);
  return { simulation, macs: credentials.map((c) => c.mac) };
}

export async function waitOnline(portal: TestPortal, mac: string, online = true): Promise<void> {
  await waitFor(
    async () => (await portal.services.gateways.identify(mac)) && (await isOnline(portal, mac)) === online,
  );
}

/** Waits until the portal has stored `currentState` as the gateway's last reported engine state. */
export async function waitForEngineState(
  portal: TestPortal,
  mac: string,
  currentState: string,
): Promise<void> {
  await waitFor(async () => {
    const row = await portal.database.db
      .selectFrom('gateways')
      .select('state')
      .where('mac', '=', mac)
      .executeTakeFirst();
    return (row?.state.state as { currentState?: string } | undefined)?.currentState === currentState;
  });
}

async function isOnline(portal: TestPortal, mac: string): Promise<boolean> {
  const row = await portal.database.db
    .selectFrom('gateways')
    .select('connected')
    .where('mac', '=', mac)
    .executeTakeFirst();
  return row?.connected ?? false;
}

/**
 * A gateway played by the test: it connects with its credential, says it is online and idle, and records
 * every downstream message it receives (commands, whitelist, force probe, instructions, onboarding).
 */
export async function fakeGateway(portal: TestPortal, tenantId: string, options: { online?: boolean } = {}) {
  const mac = randomMac();
  const { password } = await portal.services.gateways.provision(tenantId, mac, `Fake ${mac}`);
  const received: { topic: string; body: unknown }[] = [];
  const client: MqttClient = await connectMqtt(portal.deviceBrokerUrl, {
    clientId: mac,
    username: mac,
    password,
    clean: true,
  });
  client.on('message', (topic, payload) => {
    const text = payload.toString('utf8');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    received.push({ topic, body });
  });
  await client.subscribeAsync(
    [
      deviceDown.command('+', mac),
      `gateways/${mac}/receive/#`,
      deviceDown.onboardingCommand(tenantId, mac),
      deviceDown.onboardingStop(tenantId),
    ],
    { qos: 1 },
  );
  const publish = (topic: string, body: unknown) =>
    client.publishAsync(topic, JSON.stringify(body), { qos: 1 });
  const reportState = (fields: Record<string, unknown>) =>
    publish(deviceUp.state(mac), { TI: Date.now(), ...fields });
  if (options.online !== false) {
    await publish(deviceUp.status(mac), { CS: 1, TI: Date.now() });
    await reportState({ HS: 0, HSIPRC: 0, state: { currentState: 'IdleState' } });
    await waitOnline(portal, mac);
    await waitForEngineState(portal, mac, 'IdleState');
  }
  return {
    mac,
    client,
    received,
    publish,
    reportState,
    /** Waits for the next message on a topic matching `match`, received after `from` messages. */
    async next(match: (topic: string) => boolean, from = 0) {
      return waitFor(async () => received.slice(from).find((m) => match(m.topic)));
    },
    close: () => client.endAsync(true),
  };
}

export type FakeGateway = Awaited<ReturnType<typeof fakeGateway>>;

export const command = (portal: TestPortal, cookie: string, mac: string, payload: Record<string, unknown>) =>
  injectAs(portal, cookie, 'POST', `/api/gateway/${mac}/command`, { payload });
