import { exitOnStartFailure, startPortal, stopOnSignals } from './main.ts';

/**
 * The server's entry: config, database, broker, HTTP; stops gracefully on SIGTERM/SIGINT. It starts no demo
 * fleet: `npm start` runs apps/launcher, which starts the simulated gateways beside the portal.
 */
startPortal()
  .then(({ logger, stop }) => stopOnSignals(logger, [stop]))
  .catch(exitOnStartFailure);
