export type { SocialService } from './social.service.ts';
export { createSocialModule } from './social.wiring.ts';
export type { SocialAccountsService } from './social-accounts.service.ts';
