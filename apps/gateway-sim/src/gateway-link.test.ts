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

/**
 * An Aedes broker that never acknowledges publishes on `holdTopic` (a broker behind on its PUBACKs); `seen`
 * collects the payloads published on the gateway's status topic (its goodbye, and its will if it is published).
 */
async function brokerHolding(holdTopic: string, seen: string[]): Promise<string> {
  const aedes = await Aedes.createBroker({
    authorizePublish: (_client, packet, callback) => {
      if (packet.topic !== holdTopic) callback(null);
    },
  });
  aedes.on('publish', (packet) => {
    if (packet.topic === `gateways/${MAC}/send/status`) seen.push(packet.payload.toString());
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
    const statuses: string[] = [];
    const brokerUrl = await brokerHolding(held, statuses);
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
      // A clean goodbye: its own {"CS":0} with a time, and no will ({"CS":0} without one).
      await expect
        .poll(() => statuses.map((s) => JSON.parse(s)))
        .toEqual([{ CS: 0, TI: expect.any(Number) }]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(statuses).toHaveLength(1);
      link.resume();
      await expect.poll(() => connects, { timeout: 5_000 }).toBe(2);
      expect(link.connected).toBe(true);
    } finally {
      await link.disconnect();
    }
  });
});
