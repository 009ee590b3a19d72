export { createAuthModule } from './auth.wiring.ts';
export type { MqttTokensService } from './mqtt-tokens.service.ts';
export type { SessionsService } from './sessions.service.ts';
