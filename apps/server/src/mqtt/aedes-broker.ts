import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { parseLiveFilter } from '@portal/contract';
import { Aedes, type AuthenticateError, type Client, type Connection } from 'aedes';
import type { Logger } from 'pino';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { BrowserPrincipal } from '../lib/principal.ts';
import {
  browserRights,
  canDeliver,
  canPublish,
  canSubscribe,
  inOwnUpstreamTree,
  type MqttPrincipal,
} from './acl.ts';
import type { BrokerAccess, DeviceMessageSink } from './messaging.ts';
import { limitPacketSize } from './packet-size.ts';

export interface AedesDeps {
  access: BrokerAccess;
  inbox: DeviceMessageSink;
  logger: Logger;
  /** How often browser connections are checked against their sessions (ended sessions are disconnected). */
  sessionCheckMs: number;
  /** Largest MQTT packet a client may send (MQTT_MAX_PACKET_BYTES); a larger one closes its connection. */
  maxPacketBytes: number;
}

const MAC_USERNAME = /^[0-9A-F]{12}$/;
const BAD_CREDENTIALS = 4;

/**
 * The in-process broker. Its three hooks ask the ACL module; a device message is handed to the inbox
 * inside authorizePublish, so the PUBACK (sent after that hook) means the message is stored.
 */
export async function createAedesBroker(deps: AedesDeps) {
  const principals = new WeakMap<Client, MqttPrincipal>();
  const browsers = new Map<Client, BrowserPrincipal>();
  /** Live messages handed to browsers (the live channel's fan-out), for /metrics. */
  let relayedToBrowsers = 0;

  const resolvePrincipal = async (client: Client, username?: string, password?: Buffer) => {
    if (!username || !password) return null;
    const secret = password.toString('utf8');
    if (MAC_USERNAME.test(username)) {
      // Client id bound to the credential: a gateway connects only as its own MAC.
      if (client.id !== username) return null;
      const device = await deps.access.authenticateDevice(username, secret);
      return device ? ({ kind: 'gateway', ...device } as const) : null;
    }
    return deps.access.authenticateBrowser(username, secret, client.id);
  };

  const aedes = await Aedes.createBroker({
    concurrency: 2000,
    authenticate: (client, username, password, done) => {
      resolvePrincipal(client, username, password).then(
        (principal) => {
          if (!principal) {
            const error = new Error('Bad username or password') as AuthenticateError;
            error.returnCode = BAD_CREDENTIALS;
            deps.logger.warn({ clientId: client.id, username }, 'mqtt connection refused');
            return done(error, false);
          }
          principals.set(client, principal);
          if (principal.kind === 'browser') browsers.set(client, principal);
          done(null, true);
        },
        (error: Error) => {
          deps.logger.error({ err: error }, 'mqtt authentication failed');
          const refusal = new Error('Server unavailable') as AuthenticateError;
          refusal.returnCode = 3;
          done(refusal, false);
        },
      );
    },
    authorizePublish: (client, packet, done) => {
      const principal = client ? principals.get(client) : undefined;
      if (!canPublish(principal, packet.topic) && !inOwnUpstreamTree(principal, packet.topic)) {
        deps.logger.warn({ clientId: client?.id, topic: packet.topic }, 'mqtt publish refused');
        return done(new Error('Not authorized'));
      }
      if (principal?.kind !== 'gateway') return done(null);
      // Everything a gateway sends ends in the inbox, which refuses what the protocol does not allow (a retained
      // message, an undocumented topic...); the broker keeps none of it: no client may subscribe to it either.
      const { retain } = packet;
      packet.retain = false;
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      deps.inbox.handle(principal, packet.topic, payload, { retain }).then(
        () => done(null),
        (error: Error) => {
          // Not stored, so not acknowledged: the client is dropped and sends it again on reconnect.
          deps.logger.error({ err: error, mac: principal.mac }, 'device message not stored');
          done(error);
        },
      );
    },
    authorizeSubscribe: (client, subscription, done) => {
      const refuse = () => {
        deps.logger.warn({ clientId: client.id, topic: subscription.topic }, 'mqtt subscription refused');
        done(null, null); // failure return code in the SUBACK
      };
      const principal = principals.get(client);
      if (principal?.kind !== 'browser') {
        return canSubscribe(principal, subscription.topic) ? done(null, subscription) : refuse();
      }
      // A browser is asked about as its user stands now (permissions, tenant, reach), not as it connected.
      deps.access.liveBrowserPrincipals([principal.sessionIdHash]).then(
        (fresh) => {
          const now = fresh.get(principal.sessionIdHash);
          if (!now) {
            closeBrowser(client, principal, 'session ended');
            return refuse();
          }
          if (browsers.has(client)) adopt(client, now);
          return canSubscribe(now, subscription.topic) ? done(null, subscription) : refuse();
        },
        (error: Error) => {
          deps.logger.warn({ err: error, clientId: client.id }, 'live subscription check failed');
          refuse();
        },
      );
    },
    // The second wall: each live message is delivered only to browsers whose current principal may have it.
    authorizeForward: (client, packet) => {
      const principal = principals.get(client);
      if (!canDeliver(principal, packet.topic)) return null;
      if (principal?.kind === 'browser') relayedToBrowsers++;
      return packet;
    },
  });

  /** The connection's principal from now on (delivery and later subscriptions ask it). */
  const adopt = (client: Client, principal: BrowserPrincipal) => {
    principals.set(client, principal);
    browsers.set(client, principal);
  };
  const closeBrowser = (client: Client, principal: BrowserPrincipal, reason: string) => {
    deps.logger.info({ clientId: client.id, userId: principal.userId }, `live connection closed: ${reason}`);
    browsers.delete(client);
    client.close();
  };

  aedes.on('clientDisconnect', (client) => browsers.delete(client));

  /**
   * Re-reads the sessions of these connections and closes each whose session ended or whose user's rights
   * (permissions, tenant, reach) changed; the web app reconnects with a fresh token and what it may have.
   */
  const recheck = async (connections: [Client, BrowserPrincipal][]) => {
    const fresh = await deps.access.liveBrowserPrincipals([
      ...new Set(connections.map(([, principal]) => principal.sessionIdHash)),
    ]);
    for (const [client] of connections) {
      // The connection's principal may have been re-resolved by a SUBSCRIBE meanwhile: compare with that.
      const current = browsers.get(client);
      if (!current) continue;
      const now = fresh.get(current.sessionIdHash);
      if (!now) closeBrowser(client, current, 'session ended');
      else if (browserRights(now) !== browserRights(current)) closeBrowser(client, current, 'rights changed');
    }
  };

  // A user changed, moved or deleted is announced on its scope's portal-users channel; every instance sees
  // the announcement (embedded: published here; external: relayed from portal/#) and re-checks that user's
  // connections at once, before the next periodic check.
  aedes.on('publish', (packet, client) => {
    if (client || parseLiveFilter(packet.topic)?.channel !== 'portalUsers') return;
    const userId = announcedUser(packet.payload);
    if (!userId) return;
    const connections = [...browsers].filter(([, principal]) => principal.userId === userId);
    if (connections.length === 0) return;
    recheck(connections).catch((error: Error) =>
      deps.logger.warn({ err: error, userId }, 'live rights check failed'),
    );
  });

  // A browser's live connection must not outlive its session (logout, idle expiry, password change, removed
  // user) nor its rights: each instance checks the connections it holds and closes those that ended or changed.
  const sessionCheck = setInterval(() => {
    recheck([...browsers]).catch((error: Error) =>
      deps.logger.warn({ err: error }, 'live session check failed'),
    );
  }, deps.sessionCheckMs);
  sessionCheck.unref();

  /** Serves one connection (gateways' TCP, or WebSocket at /mqtt); no packet above maxPacketBytes is read. */
  const handle = (conn: Connection, request?: IncomingMessage) => {
    const client = aedes.handle(conn, request);
    limitPacketSize(client, deps.maxPacketBytes, (size) => {
      const principal = principals.get(client);
      const reason = `packet of ${size} bytes above MQTT_MAX_PACKET_BYTES (${deps.maxPacketBytes}); connection closed`;
      if (principal?.kind === 'gateway') deps.inbox.refuse(principal, '(unread)', reason, 'too_large');
      else deps.logger.warn({ clientId: client.id, size }, `mqtt ${reason}`);
    });
  };

  const webSockets = new WebSocketServer({ noServer: true, maxPayload: deps.maxPacketBytes });
  webSockets.on('connection', (socket, request: IncomingMessage) => {
    const stream = createWebSocketStream(socket);
    // mqtt-packet writes a packet in pieces (corked); send them as one WebSocket frame, not one per piece.
    stream._writev = (chunks, callback) => {
      socket.send(Buffer.concat(chunks.map(({ chunk }) => chunk as Buffer)), callback);
    };
    handle(stream, request);
  });

  return {
    aedes,
    handle,
    /** Browsers connected here and the live messages relayed to them so far (/metrics). */
    liveStats: () => ({ browsers: browsers.size, relayedToBrowsers }),
    publish(topic: string, payload: unknown, qos: 0 | 1 | 2 = 1): Promise<void> {
      const body = Buffer.from(JSON.stringify(payload));
      return new Promise((resolve, reject) =>
        aedes.publish({ cmd: 'publish', topic, payload: body, qos, retain: false, dup: false }, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
    },
    /**
     * Closes the connection of the client with this id, if it is connected here; true when it was. `will`
     * false: closed as if the client had said DISCONNECT, so its will (a gateway's {"CS":0}) is not published.
     */
    disconnectClient(clientId: string, { will = true }: { will?: boolean } = {}): boolean {
      // Aedes keeps its connected clients by id, and marks a client that said DISCONNECT with _disconnected
      // (then it drops the will); its typings leave both out.
      const client = (aedes as unknown as { clients: Record<string, Client | undefined> }).clients[clientId];
      if (!client) return false;
      if (!will) (client as unknown as { _disconnected: boolean })._disconnected = true;
      client.close();
      return true;
    },
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      webSockets.handleUpgrade(request, socket, head, (ws) => webSockets.emit('connection', ws, request));
    },
    async close() {
      clearInterval(sessionCheck);
      for (const socket of webSockets.clients) socket.terminate();
      await new Promise<void>((resolve) => webSockets.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}

/** The user a portal-users announcement is about (newUser, updateUser, deleteUser), if any. */
function announcedUser(payload: Buffer | string): string | null {
  try {
    const message = JSON.parse(payload.toString()) as { id?: unknown; user?: { id?: unknown } };
    const id = message.user?.id ?? message.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}
