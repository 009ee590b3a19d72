export { createGlobalSearchModule } from './global-search.wiring.ts';
