export type { ApiKeysService, ApiKeyUse } from './api-keys.service.ts';
export { createApiKeysModule } from './api-keys.wiring.ts';
