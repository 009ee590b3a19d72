import { type MqttToken, mqttToken, userDetails } from '@portal/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { DEMO_MACS, type SharedPortal } from './portal.ts';

export interface LiveMessage {
  topic: string;
  body: unknown;
}

/** A live-update credential issued to the page's session (page.request sends the page's cookie). */
export async function browserToken(page: Page): Promise<MqttToken> {
  const response = await page.request.post('/api/mqtt-token');
  if (response.status() !== 200) {
    throw new Error(`POST /api/mqtt-token answered ${response.status()}: ${await response.text()}`);
  }
  return mqttToken.parse(await response.json());
}

/** The signed-in user's own tenant id, as the page's session sees it. */
export async function ownTenantId(page: Page): Promise<string> {
  const response = await page.request.get('/api/user-details');
  if (response.status() !== 200) throw new Error(`GET /api/user-details answered ${response.status()}`);
  return userDetails.parse(await response.json()).tenant.id;
}

/**
 * A second live-update client beside the page's own: MQTT over WebSocket at the portal's /mqtt with a token
 * of the page's session, exactly as the browser connects.
 */
export async function connectLiveClient(portal: SharedPortal, token: MqttToken): Promise<MqttClient> {
  return mqtt.connectAsync(portal.liveUrl, {
    username: token.username,
    password: token.token,
    clientId: token.clientId,
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
}

/** The first message on `filter` that `accept` takes, or a rejection after `timeoutMs`. */
export async function nextMessage(
  client: MqttClient,
  filter: string,
  accept: (message: LiveMessage) => boolean,
  timeoutMs: number,
): Promise<LiveMessage> {
  const seen: string[] = [];
  let onMessage: ((topic: string, payload: Buffer) => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const arrived = new Promise<LiveMessage>((resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `no matching message on ${filter} within ${timeoutMs} ms; saw ${seen.length}: ${seen.slice(0, 5).join(', ')}`,
          ),
        ),
      timeoutMs,
    );
    onMessage = (topic, payload) => {
      seen.push(topic);
      let body: unknown;
      try {
        body = JSON.parse(payload.toString('utf8'));
      } catch {
        return;
      }
      if (accept({ topic, body })) resolve({ topic, body });
    };
    client.on('message', onMessage);
  });
  // Awaited below; this only keeps a time-out during the subscribe from counting as unhandled.
  arrived.catch(() => undefined);
  try {
    const granted = await client.subscribeAsync(filter, { qos: 1 });
    if (granted.some((grant) => grant.qos === 128)) throw new Error(`subscription to ${filter} refused`);
    return await arrived;
  } finally {
    clearTimeout(timer);
    if (onMessage) client.removeListener('message', onMessage);
  }
}

/** Topic of a demo gateway's graph channel: portal/{tenantId}/graph/{mac}. */
const GRAPH_TOPIC = /^portal\/([^/]+)\/graph\/([^/]+)$/;

export interface GraphMessage {
  tenantId: string;
  mac: string;
  body: { macId: string; samples: unknown[] };
}

/** Waits for live telemetry of one of the demo gateways on the graph channels (of one tenant, or all). */
export async function nextDemoGraphMessage(
  client: MqttClient,
  timeoutMs: number,
  tenantId = '+',
): Promise<GraphMessage> {
  const isDemoGraph = ({ topic }: LiveMessage) => {
    const mac = GRAPH_TOPIC.exec(topic)?.[2];
    return mac !== undefined && DEMO_MACS.includes(mac);
  };
  const filter = `portal/${tenantId}/graph/+`;
  const { topic, body } = await nextMessage(client, filter, isDemoGraph, timeoutMs);
  const [, scope = '', mac = ''] = GRAPH_TOPIC.exec(topic) ?? [];
  return { tenantId: scope, mac, body: body as GraphMessage['body'] };
}
