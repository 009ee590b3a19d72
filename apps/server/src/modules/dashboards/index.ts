export type { DashboardsService } from './dashboards.service.ts';
export { createDashboardsModule } from './dashboards.wiring.ts';
