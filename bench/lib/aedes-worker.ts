/**
 * bench/broker.ts's embedded broker, in a process of its own so the load generator does not share its
 * event loop: a bare Aedes with the portal's options, whose hooks ask the real ACL module
 * (apps/server/src/mqtt/acl.ts) with a gateway principal per client. No database: a gateway is
 * whoever connects with its MAC as client id and username (the password is not checked).
 */
import { createServer } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { canPublish, canSubscribe, type MqttPrincipal } from '../../apps/server/src/mqtt/acl.ts';
import { serveHarness } from './worker.ts';

/** The one non-gateway client: the benchmark's subscriber (see SUBSCRIBER_USERNAME in broker.ts). */
const SUBSCRIBER_USERNAME = 'bench-subscriber';
const BENCH_TENANT = '00000000-0000-4000-8000-000000000001';
const MAC_USERNAME = /^[0-9A-F]{12}$/;

const principals = new WeakMap<Client, MqttPrincipal>();
const subscribers = new WeakSet<Client>();

const aedes = await Aedes.createBroker({
  concurrency: 2000, // as apps/server/src/mqtt/aedes-broker.ts
  authenticate: (client, username, _password, done) => {
    if (username && MAC_USERNAME.test(username) && client.id === username) {
      principals.set(client, { kind: 'gateway', mac: username, tenantId: BENCH_TENANT });
      return done(null, true);
    }
    if (username === SUBSCRIBER_USERNAME) {
      subscribers.add(client);
      return done(null, true);
    }
    const error = new Error('Bad username or password') as AuthenticateError;
    error.returnCode = 4;
    done(error, false);
  },
  authorizePublish: (client, packet, done) => {
    const principal = client ? principals.get(client) : undefined;
    done(canPublish(principal, packet.topic) ? null : new Error('Not authorized'));
  },
  authorizeSubscribe: (client, subscription, done) => {
    // No principal of acl.ts may subscribe to every gateway's telemetry (the portal reads it inside
    // authorizePublish instead), so the benchmark's subscriber is granted here; gateways go through the ACL.
    const allowed = subscribers.has(client) || canSubscribe(principals.get(client), subscription.topic);
    done(null, allowed ? subscription : null);
  },
});

const server = createServer(aedes.handle);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();

serveHarness({
  port: () => (typeof address === 'object' && address ? address.port : 0),
  stop: async () => {
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  },
});
