export type { DeviceInbox, LockReports } from './device-inbox.ts';
export { createIngestModule } from './ingest.wiring.ts';
