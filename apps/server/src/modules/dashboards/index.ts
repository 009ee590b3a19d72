export { createDashboardsModule } from './dashboards.wiring.ts';
