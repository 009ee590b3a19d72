import { createServer, type Server } from 'node:net';
import type { AedesDeps } from './aedes-broker.ts';
import { createAedesBroker } from './aedes-broker.ts';
import { type Messaging, PortInUseError } from './messaging.ts';

/** Gateways and browsers both connect to the in-process broker: TCP on MQTT_PORT, WebSocket at /mqtt. */
export async function createEmbeddedMessaging(
  deps: AedesDeps & { mqttPort: number; host: string },
): Promise<Messaging> {
  const broker = await createAedesBroker(deps);
  let tcp: Server | null = null;
  let port: number | null = null;

  return {
    mode: 'embedded',
    live: { publish: (topic, payload) => void broker.publish(topic, payload, 1).catch(() => {}) },
    publishToDevices: (topic, payload, qos = 1) => broker.publish(topic, payload, qos),
    disconnectDevice(mac, reason = 'moved') {
      // A gateway's client id is its MAC (docs/mqtt.md section 1). A moved gateway is dropped only to be
      // authorised again as its new customer's and reconnects at once: no will, since that is no outage (no
      // 'Gateway offline' alert for a move: issue 30.10). A rotated credential ends the gateway's access: its
      // will says it is offline.
      const dropped = broker.disconnectClient(mac, { will: reason !== 'moved' });
      if (dropped) deps.logger.info({ mac }, `gateway disconnected: ${reason}`);
    },
    handleUpgrade: broker.handleUpgrade,
    async start() {
      tcp = createServer((socket) => broker.handle(socket));
      await new Promise<void>((resolve, reject) => {
        tcp!.once('error', (error: NodeJS.ErrnoException) =>
          reject(
            error.code === 'EADDRINUSE'
              ? new PortInUseError(
                  `MQTT port ${deps.mqttPort} is already in use: set MQTT_PORT to a free port`,
                )
              : error,
          ),
        );
        tcp!.listen(deps.mqttPort, deps.host, () => resolve());
      });
      const address = tcp.address();
      port = typeof address === 'object' && address ? address.port : null;
      deps.logger.info({ port }, 'embedded MQTT broker listening');
    },
    healthy: () => !broker.aedes.closed,
    tcpPort: () => port,
    liveStats: broker.liveStats,
    deviceTrafficShare: () => 1,
    async close() {
      // Stop new device connections, then close the broker: its clients' last messages reach the inbox.
      const closing = tcp ? new Promise<void>((resolve) => tcp!.close(() => resolve())) : Promise.resolve();
      await broker.close();
      await closing;
      await deps.inbox.drain();
    },
  };
}
