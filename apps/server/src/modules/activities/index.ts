export type {
  ActivitiesService,
  ActivityActor,
  ActivityRecorder,
  SessionUsers,
} from './activities.service.ts';
export { createActivitiesModule } from './activities.wiring.ts';
