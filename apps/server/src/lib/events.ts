import type {
  DeviceStateMessage,
  DeviceStatusMessage,
  LockEventsMessage,
  LockReport,
  TelemetrySample,
  WebhookEventType,
} from '@portal/contract';
import type { DeviceIdentity } from './principal.ts';

/**
 * The events modules tell each other (DESIGN.md section 11: reactions between modules are typed events a module
 * listens to). The ingest module emits the device side's, once the owning module has stored the message.
 */
export interface PortalEvents {
  /** A gateway's newest status report was stored (an older one arriving late is not told). */
  gatewayStatus: { device: DeviceIdentity; message: DeviceStatusMessage };
  /** A gateway came back (its newest status says CS 1): what waits for it is sent again. */
  gatewayOnline: DeviceIdentity;
  /** A gateway's state report was stored. */
  gatewayState: { device: DeviceIdentity; message: DeviceStateMessage };
  /** Telemetry samples were taken by the telemetry module (batched for storage). */
  samplesRecorded: { device: DeviceIdentity; samples: TelemetrySample[] };
  /** A gateway's lock inventory was stored. */
  locksReported: { device: DeviceIdentity; report: LockReport };
  /** A gateway's lock events were stored. */
  lockEventsRecorded: { device: DeviceIdentity; message: LockEventsMessage };
  /** Something a customer's other systems may hear of (outbound webhooks, docs/webhooks.md). */
  notable: NotableEvent;
}

/**
 * One event for the outbound webhooks: `tenantId` is the customer it happened in (its webhooks and those of
 * the customers above it hear of it), `data` the event's documented body (docs/webhooks.md), ids and names,
 * never secrets. Emitted after the change it tells of was committed.
 */
export interface NotableEvent {
  tenantId: string;
  type: WebhookEventType;
  occurredAt: number;
  data: Record<string, unknown>;
}

export type EventListener<T> = (payload: T) => Promise<void> | void;

/** What a module that reacts to events takes: it subscribes once, when it is built. */
export interface EventListening<E = PortalEvents> {
  on<K extends keyof E>(name: K, listener: EventListener<E[K]>): void;
}

/** What a module that tells events takes. */
export interface EventEmitting<E = PortalEvents> {
  emit<K extends keyof E>(name: K, payload: E[K]): Promise<void>;
}

/**
 * A small typed event bus, one per portal. `emit` runs the listeners one after the other in the order they
 * subscribed (the order the modules are built in wiring.ts) and waits for them; a listener's error stops the
 * rest and reaches the emitter, as a call would.
 */
export class EventBus<E = PortalEvents> implements EventListening<E>, EventEmitting<E> {
  private readonly listeners = new Map<keyof E, EventListener<never>[]>();

  on<K extends keyof E>(name: K, listener: EventListener<E[K]>): void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as EventListener<never>);
    this.listeners.set(name, list);
  }

  async emit<K extends keyof E>(name: K, payload: E[K]): Promise<void> {
    for (const listener of this.listeners.get(name) ?? []) {
      await (listener as EventListener<E[K]>)(payload);
    }
  }
}
