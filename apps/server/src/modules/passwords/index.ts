export type { PasswordsService } from './passwords.service.ts';
export { createPasswordsModule } from './passwords.wiring.ts';
