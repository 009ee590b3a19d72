import type { DevicePublisher, DisconnectReason, LivePublisher } from '../lib/live.ts';
import type { Messaging } from './messaging.ts';

/**
 * The modules' way out to browsers and gateways. The broker is built after the modules (it asks them who
 * connects and hands them device messages), so they are given this link first and it is attached to the
 * broker once that exists; nothing is sent before the portal starts.
 */
export class BrokerLink implements LivePublisher, DevicePublisher {
  private messaging: Messaging | null = null;

  attach(messaging: Messaging): void {
    this.messaging = messaging;
  }

  publish(topic: string, payload: unknown): void {
    this.messaging?.live.publish(topic, payload);
  }

  async publishToDevices(topic: string, payload: unknown, qos: 0 | 1 | 2 = 1): Promise<void> {
    if (!this.messaging) throw new Error('messaging not started');
    await this.messaging.publishToDevices(topic, payload, qos);
  }

  /** The broker's state for the health call. */
  status(): { ok: boolean; mode: 'embedded' | 'external' } {
    return { ok: this.messaging?.healthy() ?? false, mode: this.messaging?.mode ?? 'embedded' };
  }

  /** The part of the device traffic this instance's broker connections receive (1 before the broker is up). */
  deviceTrafficShare(): number {
    return this.messaging?.deviceTrafficShare() ?? 1;
  }

  /** Drops a gateway's connection so it reconnects as its new tenant's (it moved) or with its new credential. */
  disconnectDevice(mac: string, reason: DisconnectReason = 'moved'): void {
    this.messaging?.disconnectDevice(mac, reason);
  }
}
