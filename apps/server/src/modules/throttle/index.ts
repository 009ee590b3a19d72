export { ThrottleService } from './throttle.service.ts';
export { createThrottleModule } from './throttle.wiring.ts';
