/** The graph generator (server module graph-generator): the User graph page at /cli/UserDashboard. */
export { GraphGeneratorPage } from './pages.ts';
