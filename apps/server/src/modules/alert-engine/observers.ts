import type { EventListening } from '../../lib/events.ts';
import type { AlertEngine } from './alert-engine.service.ts';

/**
 * The engine's tap on what the gateways send: it listens to the device events ingest tells once the owning
 * module stored the message (lib/events.ts), so each message is stored first, then the engine sees it.
 */
export function listenToDevices(engine: AlertEngine, events: EventListening): void {
  events.on('gatewayStatus', async ({ device, message }) => {
    if (message.CS === 0) await engine.gatewayDown(device);
    else if (message.CS === 1) await engine.gatewayUp(device);
  });
  events.on('gatewayState', ({ device, message }) => engine.gatewayState(device, message));
  events.on('samplesRecorded', ({ device, samples }) => engine.samples(device, samples));
  events.on('locksReported', ({ device, report }) => engine.locks(device, report));
  events.on('lockEventsRecorded', ({ device, message }) => engine.lockEvents(device, message));
}
