import { type DeviceStatusMessage, deviceDown, deviceUp, FLOW_CONTROL_TOPIC } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { FlowGate } from './flow-control.ts';
import { createGatewayClient, type GatewayClientParams } from './gateway-client.ts';
import type { SimulationLogger } from './options.ts';
import type { SimulationCounters } from './stats.ts';

export interface LinkEvents {
  /** Every successful connect; `isReconnect` is false only for the first. */
  onConnect(isReconnect: boolean): void;
  onMessage(topic: string, payload: string): void;
  onClose(): void;
}

const DISCONNECT_TIMEOUT_MS = 2_000;
/** SUBACK return code of a refused subscription. */
const SUBSCRIPTION_REFUSED = 128;

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A gateway's MQTT connection: QoS 1 JSON publishing, subscriptions, outages and a clean goodbye. */
export class GatewayLink {
  private readonly client: MqttClient;
  private hasConnected = false;
  /** Set while we close the connection ourselves, when failing publishes are expected and not worth a warning. */
  private closing = false;
  /** The portal's flow control (flow-control.ts): upstream publishes wait here while it asks to slow down. */
  readonly flow = new FlowGate();
  /**
   * The slow-down of this gateway alone (deviceDown.flowControl): its customer is above its messages-per-second
   * quota (docs/quotas.md). Kept apart from the fleet's: a publish waits for both.
   */
  readonly quotaFlow = new FlowGate();

  constructor(
    private readonly params: GatewayClientParams,
    events: LinkEvents,
    private readonly counters: SimulationCounters,
    private readonly logger: SimulationLogger,
  ) {
    this.client = createGatewayClient(params);
    this.client.on('connect', () => {
      const isReconnect = this.hasConnected;
      this.hasConnected = true;
      if (isReconnect) this.counters.reconnects++;
      events.onConnect(isReconnect);
    });
    this.client.on('message', (topic, payload) => {
      this.counters.messagesReceived++;
      if (topic === FLOW_CONTROL_TOPIC) return void this.flow.apply(payload.toString('utf8'));
      if (topic === deviceDown.flowControl(params.mac))
        return void this.quotaFlow.apply(payload.toString('utf8'));
      events.onMessage(topic, payload.toString('utf8'));
    });
    this.client.on('close', () => events.onClose());
    this.client.on('error', (error) => this.logger.warn(`${params.mac}: MQTT error: ${error.message}`));
  }

  get connected(): boolean {
    return this.client.connected;
  }

  /** Publishes JSON at QoS 1; true once the broker acknowledged it, false when offline or refused. */
  async publishJson(topic: string, payload: unknown): Promise<boolean> {
    if (!this.client.connected) return false;
    // The status (online/offline) is never held back; anything else waits its turn while slowed.
    if (topic !== deviceUp.status(this.params.mac)) {
      if (!(await this.flow.acquire()) || !(await this.quotaFlow.acquire())) return false;
    }
    if (!this.client.connected) return false;
    try {
      await this.client.publishAsync(topic, JSON.stringify(payload), { qos: 1, retain: false });
      this.counters.messagesSent++;
      return true;
    } catch (error) {
      if (!this.closing)
        this.logger.warn(`${this.params.mac}: publish to ${topic} failed: ${(error as Error).message}`);
      return false;
    }
  }

  async subscribe(filters: readonly string[]): Promise<void> {
    try {
      const grants = await this.client.subscribeAsync(
        [...filters, FLOW_CONTROL_TOPIC, deviceDown.flowControl(this.params.mac)],
        { qos: 1 },
      );
      for (const grant of grants) {
        if (grant.qos === SUBSCRIPTION_REFUSED)
          this.logger.warn(`${this.params.mac}: subscription refused: ${grant.topic}`);
      }
    } catch (error) {
      this.logger.warn(`${this.params.mac}: subscribe failed: ${(error as Error).message}`);
    }
  }

  /** Loses the connection without a DISCONNECT, as a power cut would: the broker then publishes the will. */
  dropAbruptly(): void {
    this.closing = true;
    this.client.end(true);
  }

  /** Connects again after dropAbruptly() or disconnect(). */
  resume(): void {
    this.closing = false;
    this.client.reconnect();
  }

  /** A clean goodbye: announce {"CS":0} (a clean disconnect suppresses the will), then end the session. */
  async disconnect(): Promise<void> {
    this.closing = true;
    this.flow.close();
    this.quotaFlow.close();
    if (!this.client.connected) {
      await this.client.endAsync(true);
      return;
    }
    const offline: DeviceStatusMessage = { CS: 0, TI: Date.now() };
    await withTimeout(this.publishJson(deviceUp.status(this.params.mac), offline), DISCONNECT_TIMEOUT_MS);
    await withTimeout(this.outgoingAcknowledged(), DISCONNECT_TIMEOUT_MS);
    // mqtt.js's end() waits for every PUBACK first, and if one never comes (a broker behind on its
    // acknowledgements) the client stays "disconnecting" for good and a later reconnect() is deferred forever:
    // a rebooting gateway would never come back. So what is still unacknowledged after the wait above is
    // given up (as when a device powers off), and end() sends DISCONNECT at once (no will).
    for (const id of Object.keys(this.client.outgoing)) this.client.removeOutgoingMessage(Number(id));
    const ended = await withTimeout(this.client.endAsync(), DISCONNECT_TIMEOUT_MS);
    // A socket that cannot even take the DISCONNECT: closing it ends the client all the same.
    if (ended === 'timeout') this.client.stream.destroy();
  }

  /** Resolves once mqtt.js holds no unacknowledged publish. */
  private outgoingAcknowledged(): Promise<void> {
    if (Object.keys(this.client.outgoing).length === 0) return Promise.resolve();
    return new Promise((resolve) => this.client.once('outgoingEmpty', resolve));
  }
}
