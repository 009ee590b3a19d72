export type { AuditService } from './audit.service.ts';
export { createAuditModule } from './audit.wiring.ts';
