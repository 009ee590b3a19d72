import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayLink } from './gateway-link.ts';
import { seededRandom } from './random.ts';
import { emptyCounters } from './stats.ts';

const MAC = 'AA00000000F1';
let closeBroker: (() => Promise<void>) | undefined;

afterEach(async () => {
  await closeBroker?.();
  closeBroker = undefined;
});

/** An Aedes broker that never acknowledges publishes on `holdTopic` (a broker behind on its PUBACKs). */
async function brokerHolding(holdTopic: string): Promise<string> {
  const aedes = await Aedes.createBroker({
    authorizePublish: (_client, packet, callback) => {
      if (packet.topic !== holdTopic) callback(null);
    },
  });
  const server: Server = createServer(aedes.handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closeBroker = async () => {
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    server.close();
  };
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `mqtt://127.0.0.1:${address.port}`;
}

describe('GatewayLink', () => {
  it('comes back after a goodbye the broker never fully acknowledged (a reboot under load)', async () => {
    const held = `gateways/${MAC}/send/events`;
    const brokerUrl = await brokerHolding(held);
    let connects = 0;
    const link = new GatewayLink(
      { brokerUrl, mac: MAC, protocolVersion: 4, keepaliveSeconds: 30, random: seededRandom(1) },
      { onConnect: () => connects++, onMessage: () => {}, onClose: () => {} },
      emptyCounters(),
      { info: () => {}, warn: () => {} },
    );
    try {
      await expect.poll(() => connects, { timeout: 5_000 }).toBe(1);
      // A publish whose PUBACK never comes is still outstanding when the gateway says goodbye.
      void link.publishJson(held, { SE: [] });
      await link.disconnect();
      expect(link.connected).toBe(false);
      link.resume();
      await expect.poll(() => connects, { timeout: 5_000 }).toBe(2);
      expect(link.connected).toBe(true);
    } finally {
      await link.disconnect();
    }
  });
});
