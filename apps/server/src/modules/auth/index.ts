export type { AccountService } from './account.service.ts';
export type { AuthDependencies } from './auth.ports.ts';
export { createAuthModule } from './auth.wiring.ts';
export type { MqttTokensService } from './mqtt-tokens.service.ts';
export type { LoginResult, SessionsService, SignInAttempt } from './sessions.service.ts';
export type { SignIns } from './sign-ins.ts';
export type { TwoFactorService } from './two-factor.service.ts';
