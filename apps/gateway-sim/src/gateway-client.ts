import { deviceUp } from '@portal/contract';
import { connect, type MqttClient } from 'mqtt';
import { type Random, uniform } from './random.ts';

export interface GatewayClientParams {
  brokerUrl: string;
  mac: string;
  password?: string;
  protocolVersion: 4 | 5;
  keepaliveSeconds: number;
  /** Jitter of the reconnect back-off, so a fleet does not reconnect in lock-step. */
  random: Random;
}

export const RECONNECT_BACKOFF = { initialMs: 1_000, maxMs: 30_000 } as const;
const CONNECT_TIMEOUT_MS = 10_000;

/** Reconnect delay before attempt `attempt` (1-based): doubling from 1 s up to 30 s, with ±25 % jitter. */
export function reconnectDelayMs(attempt: number, random: Random): number {
  const base = Math.min(RECONNECT_BACKOFF.maxMs, RECONNECT_BACKOFF.initialMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * uniform(random, 0.75, 1.25));
}

/**
 * Opens a gateway's MQTT connection: clientId and username are the MAC, the password is the gateway's credential,
 * and the will announces it offline ({"CS":0}, QoS 1, not retained) if the connection is lost.
 */
export function createGatewayClient(params: GatewayClientParams): MqttClient {
  const client = connect(params.brokerUrl, {
    clientId: params.mac,
    username: params.mac,
    ...(params.password === undefined ? {} : { password: params.password }),
    protocolVersion: params.protocolVersion,
    keepalive: params.keepaliveSeconds,
    clean: true,
    resubscribe: false,
    connectTimeout: CONNECT_TIMEOUT_MS,
    reconnectPeriod: RECONNECT_BACKOFF.initialMs,
    reconnectOnConnackError: true,
    will: {
      topic: deviceUp.status(params.mac),
      payload: Buffer.from(JSON.stringify({ CS: 0 })),
      qos: 1,
      retain: false,
    },
  });
  let attempt = 0;
  // mqtt.js arms its next retry with options.reconnectPeriod when an attempt fails, so growing it here backs off.
  client.on('reconnect', () => {
    attempt++;
    client.options.reconnectPeriod = reconnectDelayMs(attempt + 1, params.random);
  });
  client.on('connect', () => {
    attempt = 0;
    client.options.reconnectPeriod = RECONNECT_BACKOFF.initialMs;
  });
  return client;
}
