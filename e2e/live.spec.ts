import type { WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { browserToken, connectLiveClient, nextDemoGraphMessage, ownTenantId } from './support/live.ts';
import { DEMO_MACS, type RunningPortal, startPortal } from './support/portal.ts';

/** The demo gateways sample every 5 s; a graph message must reach a browser client within this. */
const LIVE_DEADLINE_MS = 15_000;

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.stop();
});

/**
 * The stream starts with an MQTT CONNACK (0x20, length 2) whose return code is 0: the broker accepted the
 * connection. The bytes are joined first, since a packet may span several WebSocket frames.
 */
function startsWithAcceptedConnack(received: Buffer[]): boolean {
  const stream = Buffer.concat(received);
  return stream.length >= 4 && stream[0] === 0x20 && stream[1] === 0x02 && stream[3] === 0;
}

describe('Live updates', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('connects the signed-in page to /mqtt and shows the connection as live; Logout closes it', async () => {
    const { page } = browser;
    const sockets: WebSocket[] = [];
    const received = new Map<WebSocket, Buffer[]>();
    page.on('websocket', (socket) => {
      sockets.push(socket);
      received.set(socket, []);
      socket.on('framereceived', ({ payload }) => {
        received.get(socket)?.push(Buffer.isBuffer(payload) ? payload : Buffer.from(payload));
      });
    });

    await page.goto('/#/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(sockets).toHaveLength(0);
    expect(await page.getByRole('img', { name: /^Live updates/ }).count()).toBe(0);

    await signInAsRoot(page);
    await page.getByRole('img', { name: 'Live updates connected' }).waitFor();
    const live = sockets.filter((socket) => socket.url() === portal.liveUrl);
    expect(live).toHaveLength(1);
    const [socket] = live;
    await expect
      .poll(() => startsWithAcceptedConnack(received.get(socket!) ?? []), { timeout: UI_TIMEOUT_MS })
      .toBe(true);
    expect(socket!.isClosed()).toBe(false);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/#\/login$/);
    await expect.poll(() => socket!.isClosed(), { timeout: UI_TIMEOUT_MS }).toBe(true);
    expect(await page.getByRole('img', { name: /^Live updates/ }).count()).toBe(0);
  });

  it("delivers the demo gateways' telemetry on their graph channels to the root administrator", async () => {
    const { page } = browser;
    await signInAsRoot(page);
    await page.getByRole('img', { name: 'Live updates connected' }).waitFor();

    const client = await connectLiveClient(portal, await browserToken(page));
    try {
      const message = await nextDemoGraphMessage(client, LIVE_DEADLINE_MS);
      expect(DEMO_MACS).toContain(message.mac);
      expect(message.body.macId).toBe(message.mac);
      expect(message.body.samples.length).toBeGreaterThan(0);
      // The demo gateways belong to the demo customer; root sees every tenant's channels.
      expect(message.tenantId).not.toBe(await ownTenantId(page));
    } finally {
      await client.endAsync();
    }
  });
});
