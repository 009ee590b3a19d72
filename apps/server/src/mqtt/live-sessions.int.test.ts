import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectLive,
  createCustomerWithUser,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../test/harness.ts';

let portal: TestPortal;
const clients: MqttClient[] = [];

beforeAll(async () => {
  portal = await startPortal({ LIVE_SESSION_CHECK_SECONDS: '0.2' });
});
afterAll(async () => {
  for (const client of clients) client.end(true);
  await portal?.close();
});

/** Signs in and opens the browser's live connection on /mqtt, as the web app does. */
async function openLiveConnection(email: string, password: string) {
  const cookie = await signIn(portal, email, password);
  const client = await connectLive(portal, cookie);
  clients.push(client);
  return { cookie, client };
}

describe('Live connections end with their session', () => {
  it('closes the connection of a session that logs out and keeps the others', async () => {
    const user = await createCustomerWithUser(portal, 'Live');
    const leaving = await openLiveConnection(user.email, user.password);
    const staying = await openLiveConnection(user.email, user.password);

    const logout = await portal.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: leaving.cookie },
    });
    expect(logout.statusCode).toBe(204);

    await waitFor(
      async () => !leaving.client.connected,
      5000,
      () => 'the logged-out browser is still connected',
    );
    // Several checks later the other session's connection is still there.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(staying.client.connected).toBe(true);
  });

  it("closes every connection of a user whose sessions a password change ended, except the changer's", async () => {
    const user = await createCustomerWithUser(portal, 'Pwd');
    const changer = await openLiveConnection(user.email, user.password);
    const other = await openLiveConnection(user.email, user.password);

    const change = await portal.app.inject({
      method: 'POST',
      url: '/api/changePassword',
      headers: { cookie: changer.cookie },
      payload: { oldPassword: user.password, newPassword: 'NewPass12' },
    });
    expect(change.statusCode).toBe(200);

    await waitFor(
      async () => !other.client.connected,
      5000,
      () => 'the ended session is still connected',
    );
    expect(changer.client.connected).toBe(true);
  });
});
