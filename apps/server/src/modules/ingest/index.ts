export type { DeviceInbox } from './device-inbox.ts';
export { createIngestModule } from './ingest.wiring.ts';
