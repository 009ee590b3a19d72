import {
  DEFAULT_PERMISSIONS,
  LIVE_CHANNELS,
  type LiveChannelName,
  live,
  PERMISSIONS,
  SIGN_UP_PERMISSIONS,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectLive,
  createCustomerWithUser,
  endClients,
  injectAs,
  signIn,
  startPortal,
  subscribeCodes,
  type TestPortal,
  uniqueEmail,
  waitFor,
} from '../../test/harness.ts';
import { addUser, type TestUser, tenantOfKind } from '../modules/auth/test-helpers.ts';

/*
 * Issue 12 point 3: the live channel gives a user no more than the REST calls give it. Every channel of
 * LIVE_CHANNELS is tried with a user holding its permission and one lacking it; free-tier users are
 * strangers; a permission removed, a user moved or deleted ends the connection's rights at once (the
 * periodic session check is set to an hour here, so it cannot be what closes them).
 */

const MAC = 'A1B2C3D4E5F6';
const GRANTED = 1;
const REFUSED = 128;

/** One topic of every live channel of scope `t`; the two-factor one is `userId`'s record. */
const channelTopics = (t: string, userId: string): Record<LiveChannelName, string> => ({
  scopes: live.scopes(t),
  customerDeletion: live.customerDeletion(t),
  twoFactor: live.twoFactor(t, userId),
  portalUsers: live.portalUsers(t),
  portalConfig: live.portalConfig(t),
  gateways: live.gateways(t),
  graph: live.graph(t, MAC),
  instructions: live.instructions(t, MAC),
  deviceLogs: live.deviceLogs(t, MAC),
  onboarding: live.onboarding(t, MAC),
  firmwareUpgraded: live.firmwareUpgraded(t),
  locks: live.locks(t),
  lockUsers: live.lockUsers(t),
  lockResults: live.lockResults(t, MAC, 'A4C138F00A01', 'ab12cd34'),
  alerts: live.alerts(t),
  agentConfig: live.agentConfig(t),
  pump: live.pump(t, MAC),
});
const CHANNELS = Object.keys(LIVE_CHANNELS) as LiveChannelName[];
/** Vendor staff of this portal (STAFF_EMAIL_DOMAINS): the device-logs channel is theirs (and root's). */
const STAFF_DOMAIN = 'staff.test';

let portal: TestPortal;
let root: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  portal = await startPortal({ LIVE_SESSION_CHECK_SECONDS: '3600', STAFF_EMAIL_DOMAINS: STAFF_DOMAIN });
  root = await signIn(portal);
});
afterEach(() => endClients(clients));
afterAll(async () => {
  await endClients(clients);
  await portal?.close();
});

/** Gives the user an e-mail of the staff domain; returns it. */
async function staffEmail(userId: string): Promise<string> {
  const email = uniqueEmail('staff', STAFF_DOMAIN);
  await portal.database.db.updateTable('users').set({ email }).where('id', '=', userId).execute();
  return email;
}

/** A browser's live connection for `user`, collecting every message with its topic. */
async function liveAs(user: { email: string; password: string }, on: TestPortal = portal) {
  const cookie = await signIn(on, user.email, user.password);
  const client = await connectLive(on, cookie);
  clients.push(client);
  const received: { topic: string; body: unknown }[] = [];
  client.on('message', (topic, payload) => received.push({ topic, body: JSON.parse(payload.toString()) }));
  return { cookie, client, received };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe(`Live channels follow the REST permissions (${backend} backend)`, () => {
  it('refuses every channel to a user lacking its permission and serves the one holding it', async () => {
    const { tenant } = await createCustomerWithUser(portal, 'Chan');
    const other = await addUser(portal, tenant.id);
    const topics = channelTopics(tenant.id, other.id);

    const pairs = await Promise.all(
      CHANNELS.map(async (channel) => {
        const { permission, vendorStaff } = LIVE_CHANNELS[channel];
        // MQTT_AUTH gets the live credential; nothing else but the channel's permission.
        const holding = ['MQTT_AUTH', ...(permission === 'authenticated' ? [] : [permission])];
        const lacking = PERMISSIONS.filter((code) => code !== permission);
        const holderUser = await addUser(portal, tenant.id, { permissions: holding });
        if (vendorStaff) holderUser.email = await staffEmail(holderUser.id);
        const holder = await liveAs(holderUser);
        const lacker =
          permission === 'authenticated'
            ? null
            : await liveAs(await addUser(portal, tenant.id, { permissions: lacking }));
        // A staff-only channel is refused to a user holding every permission but not of a staff domain.
        const notStaff = vendorStaff
          ? await liveAs(await addUser(portal, tenant.id, { permissions: [...PERMISSIONS] }))
          : null;
        return { channel, holder, lacker, notStaff };
      }),
    );

    for (const { channel, holder, lacker, notStaff } of pairs) {
      expect(await subscribeCodes(holder.client, [topics[channel]]), `${channel} holder`).toEqual([GRANTED]);
      if (notStaff)
        expect(await subscribeCodes(notStaff.client, [topics[channel]]), `${channel} not staff`).toEqual([
          REFUSED,
        ]);
      if (!lacker) continue;
      // Neither the channel nor a wildcard that would contain it.
      const wildcards = [`portal/${tenant.id}/#`, `portal/${tenant.id}/+`, topics[channel]];
      expect(await subscribeCodes(lacker.client, wildcards), `${channel} lacking`).toEqual([
        REFUSED,
        REFUSED,
        REFUSED,
      ]);
    }

    for (const channel of CHANNELS) portal.messaging.live.publish(topics[channel], { channel });
    for (const { channel, holder } of pairs) {
      await waitFor(
        async () => holder.received.length > 0,
        5000,
        () => `the ${channel} holder got nothing`,
      );
    }
    await settle();
    for (const { channel, holder, lacker, notStaff } of pairs) {
      expect(holder.received, channel).toEqual([{ topic: topics[channel], body: { channel } }]);
      expect([...(lacker?.received ?? []), ...(notStaff?.received ?? [])], channel).toEqual([]);
    }
  });

  it("lets a user follow its own two-factor record, and the scope's only with PORTAL_USER_READ", async () => {
    const { tenant } = await createCustomerWithUser(portal, 'Own');
    const self = await addUser(portal, tenant.id);
    const other = await addUser(portal, tenant.id);
    const { client, received } = await liveAs(self);
    expect(
      await subscribeCodes(client, [
        live.twoFactor(tenant.id, self.id),
        live.twoFactor(tenant.id, '+'),
        live.twoFactor(tenant.id, other.id),
      ]),
    ).toEqual([GRANTED, REFUSED, REFUSED]);

    portal.messaging.live.publish(live.twoFactor(tenant.id, other.id), { userId: other.id });
    portal.messaging.live.publish(live.twoFactor(tenant.id, self.id), { userId: self.id });
    await waitFor(async () => received.length > 0);
    await settle();
    expect(received.map((m) => m.body)).toEqual([{ userId: self.id }]);
  });
});

describe(`Free-tier users are strangers to each other (${backend} backend)`, () => {
  it("gives a free-tier user no other free-tier user's sign-up, two-factor change or records", async () => {
    const freeTier = await tenantOfKind(portal, 'free_tier');
    const member = await addUser(portal, freeTier.id, { permissions: [...SIGN_UP_PERMISSIONS] });
    const neighbour = await addUser(portal, freeTier.id, { permissions: [...SIGN_UP_PERMISSIONS] });
    const stranger = await liveAs(member);
    const admin = await connectLive(portal, root);
    clients.push(admin);
    const adminReceived: unknown[] = [];
    admin.on('message', (_topic, payload) => adminReceived.push(JSON.parse(payload.toString())));
    await admin.subscribeAsync(live.portalUsers(freeTier.id), { qos: 1 });

    expect(
      await subscribeCodes(stranger.client, [
        live.portalUsers(freeTier.id),
        live.twoFactor(freeTier.id, '+'),
        live.twoFactor(freeTier.id, neighbour.id),
        `portal/${freeTier.id}/#`,
        live.gateways(freeTier.id),
        live.twoFactor(freeTier.id, member.id),
        live.scopes(freeTier.id),
      ]),
    ).toEqual([REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, GRANTED, GRANTED]);

    const email = uniqueEmail('signup');
    const signUp = await portal.app.inject({
      method: 'POST',
      url: '/api/portalUserSignup',
      payload: { firstName: 'New', lastName: 'Comer', email, phoneNumber: '+49 15112345678' },
    });
    expect(signUp.statusCode).toBe(201);
    portal.messaging.live.publish(live.twoFactor(freeTier.id, neighbour.id), { userId: neighbour.id });

    // Root, who may list the free-tier scope's users over REST, hears of the sign-up; the member does not.
    await waitFor(
      async () => adminReceived.length > 0,
      5000,
      () => 'root heard no sign-up',
    );
    expect(JSON.stringify(adminReceived)).toContain(email);
    await settle();
    expect(stranger.received).toEqual([]);
  });
});

describe(`A change of rights ends the connection's rights at once (${backend} backend)`, () => {
  /** `user` of `tenantId` updated by root through PUT /api/updatePortalUser. */
  const update = (user: TestUser, changes: { scopeId?: string; permissions?: string[] }) =>
    injectAs(portal, root, 'PUT', '/api/updatePortalUser', {
      payload: {
        id: user.id,
        email: user.email,
        firstName: 'Test',
        lastName: 'User',
        scopeId: changes.scopeId ?? user.tenantId,
        permissions: changes.permissions ?? [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ'],
      },
    });

  const closedAtOnce = (client: MqttClient, what: string) =>
    waitFor(
      async () => !client.connected,
      3000,
      () => `${what}: the live connection is still open`,
    );

  /** A user root may edit over REST (an e-mail the update call accepts). */
  async function editableUser(tenantId: string, permissions?: string[]): Promise<TestUser> {
    const user = await addUser(portal, tenantId, { permissions });
    const email = uniqueEmail('edit');
    await portal.database.db.updateTable('users').set({ email }).where('id', '=', user.id).execute();
    return { ...user, email };
  }

  it('closes the connections of a user whose permission is removed; a new one cannot have the channel', async () => {
    const { tenant } = await createCustomerWithUser(portal, 'Revoke');
    const user = await editableUser(tenant.id, [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ']);
    const first = await liveAs(user);
    const second = await liveAs(user);
    for (const connection of [first, second])
      expect(await subscribeCodes(connection.client, [live.gateways(tenant.id)])).toEqual([GRANTED]);
    const bystander = await liveAs(await createCustomerWithUser(portal, 'Stay'));

    const response = await update(user, { permissions: [...DEFAULT_PERMISSIONS] });
    expect(response.statusCode, response.body).toBe(200);
    await closedAtOnce(first.client, 'first');
    await closedAtOnce(second.client, 'second');
    expect(bystander.client.connected).toBe(true);

    portal.messaging.live.publish(live.gateways(tenant.id), { type: 'status', macId: MAC });
    await settle();
    expect([...first.received, ...second.received]).toEqual([]);
    // The session itself goes on; a fresh connection no longer gets the channel.
    const again = await connectLive(portal, first.cookie);
    clients.push(again);
    expect(await subscribeCodes(again, [live.gateways(tenant.id), live.scopes(tenant.id)])).toEqual([
      REFUSED,
      GRANTED,
    ]);
  });

  it('closes the connection of a user moved to another customer, and of a deleted user', async () => {
    const from = await createCustomerWithUser(portal, 'From');
    const to = await createCustomerWithUser(portal, 'To');
    const moved = await editableUser(from.tenant.id, [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ']);
    const movedLive = await liveAs(moved);
    expect(await subscribeCodes(movedLive.client, [live.gateways(from.tenant.id)])).toEqual([GRANTED]);
    const move = await update(moved, { scopeId: to.tenant.id });
    expect(move.statusCode, move.body).toBe(200);
    await closedAtOnce(movedLive.client, 'moved');
    const again = await connectLive(portal, movedLive.cookie);
    clients.push(again);
    expect(await subscribeCodes(again, [live.gateways(from.tenant.id), live.gateways(to.tenant.id)])).toEqual(
      [REFUSED, GRANTED],
    );

    const deleted = await addUser(portal, from.tenant.id);
    const deletedLive = await liveAs(deleted);
    const removal = await injectAs(
      portal,
      root,
      'DELETE',
      `/api/delete-portal-user/userId/${deleted.id}/scopeId/${from.tenant.id}`,
    );
    expect(removal.statusCode).toBe(200);
    await closedAtOnce(deletedLive.client, 'deleted');
  });

  it('closes the connections of a free-tier user who removes its own account', async () => {
    const freeTier = await tenantOfKind(portal, 'free_tier');
    const leaving = await addUser(portal, freeTier.id, { permissions: [...SIGN_UP_PERMISSIONS] });
    const elsewhere = await liveAs(leaving);
    const own = await liveAs(leaving);
    expect(await subscribeCodes(elsewhere.client, [live.scopes(freeTier.id)])).toEqual([GRANTED]);
    const removal = await injectAs(
      portal,
      own.cookie,
      'DELETE',
      `/api/remove-your-account/userId/${leaving.id}/scopeId/${freeTier.id}`,
    );
    expect(removal.statusCode, removal.body).toBe(200);
    await closedAtOnce(elsewhere.client, 'removed account');
  });
});
