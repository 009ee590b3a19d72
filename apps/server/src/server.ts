import { startSimulation } from '@portal/gateway-sim';
import { buildApp, createLogger } from './app.ts';
import { DEMO_SIMULATION_SEED, prepareDemo } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { ownOrigin } from './lib/own-origin.ts';
import { gatewaysWithoutHistory, writeDemoHistory } from './modules/telemetry/demo-history.ts';

/** Starts the portal: config, database, broker, HTTP; stops gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config);
  const portal = await buildApp(config, logger);
  const { app } = portal;

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await app.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`HTTP port ${config.PORT} is already in use: set PORT to a free port`);
    }
    throw error;
  }
  if (!config.PUBLIC_URL) {
    logger.warn(
      { linksPointAt: ownOrigin(config, app.server.address()) },
      'PUBLIC_URL is not set: links in mails point at the address above; set PUBLIC_URL to the address users reach',
    );
  }

  let simulation: Awaited<ReturnType<typeof startSimulation>> | null = null;
  if (config.DEMO && config.DEMO_GATEWAYS > 0) {
    const demo = await prepareDemo(portal.database.db, portal.services.gateways, config.DEMO_GATEWAYS);
    // History is written for the gateways without any, found before they start sending, and in the
    // background: the demo runs at once and its charts fill within seconds (docs/decisions.md).
    const historyUntil = Date.now();
    const withoutHistory = await gatewaysWithoutHistory(
      portal.database.db,
      demo.devices.map((d) => d.mac),
    );
    const brokerUrl = config.MQTT_URL ?? `mqtt://127.0.0.1:${portal.messaging.tcpPort()}`;
    simulation = await startSimulation({ brokerUrl, gateways: demo.devices, seed: DEMO_SIMULATION_SEED });
    if (withoutHistory.length > 0) {
      writeDemoHistory(portal.database.db, withoutHistory, { seed: DEMO_SIMULATION_SEED, now: historyUntil })
        .then((history) => logger.info({ ...history, ms: Date.now() - historyUntil }, 'demo history written'))
        .catch((error: Error) => logger.warn({ err: error }, 'demo history not written'));
    }
    logger.info({ gateways: demo.devices.length, tenantId: demo.tenantId }, 'demo gateways running');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took longer than 30 s; exiting');
      process.exit(1);
    }, 30_000);
    timer.unref();
    try {
      await simulation?.stop();
      await app.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: Error) => {
  process.stderr.write(`Portal failed to start: ${error.message}\n`);
  process.exit(1);
});
