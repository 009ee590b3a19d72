export type { ActivitiesService, ActivityRecorder } from './activities.service.ts';
export { createActivitiesModule } from './activities.wiring.ts';
