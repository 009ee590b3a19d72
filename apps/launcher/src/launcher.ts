/**
 * `npm start`: the portal with its demo fleet, in one process. Starts the demo sign-in provider (DEMO_OIDC,
 * demo-oidc.ts), the portal (the server's own start, `startPortal`), then, when `DEMO` is on, the demo support
 * tenant and the simulated demo gateways against the portal's broker; on SIGTERM or SIGINT stops the
 * simulation first, then the portal, then the provider. The server package knows nothing of the
 * simulator: this launcher is the one place where the two meet.
 */
import { fileURLToPath } from 'node:url';
import { historyAlerts, historySamples, type Simulation, startSimulation } from '@portal/gateway-sim';
import { type Config, exitOnStartFailure, readConfig, startPortal, stopOnSignals } from '@portal/server';
import { DEMO_SUPPORT_USER, prepareDemoFleet, prepareDemoSupport } from '@portal/server/demo';
import { type DemoOidcProvider, startDemoOidcProvider, wantsDemoOidc } from './demo-oidc.ts';

const RELIABLE_LOCKS = { jamRate: 0, outOfRangePerHour: 0, unreachableRate: 0, rejectRate: 0 };

/**
 * The first demo gateway's scripted camera removal (the simulator's cameraRemoval; docs/alerts.md): fitted with
 * a camera module, it loses it DEMO_CAMERA_REMOVAL_AFTER seconds after the start and, with
 * DEMO_CAMERA_REFIT_AFTER, gets it back that long after. Nothing when the variable is unset.
 */
function cameraRemoval({ DEMO_CAMERA_REMOVAL_AFTER: after, DEMO_CAMERA_REFIT_AFTER: refit }: Config) {
  if (after === undefined) return {};
  const refitAfterMs = refit === undefined ? {} : { refitAfterMs: refit * 1000 };
  return { camera: true, cameraRemoval: { afterMs: after * 1000, ...refitAfterMs } };
}

/** The server's folder: `npm start` has always run the portal there; a relative DATA_DIR (./data) stays put. */
const SERVER_DIR = fileURLToPath(new URL('../../server/', import.meta.url));

async function launch(): Promise<void> {
  process.chdir(SERVER_DIR);
  // The demo's sign-in provider first: the portal reads its social sign-in settings at start.
  const config = readConfig();
  const demoOidc: DemoOidcProvider | null = wantsDemoOidc(config)
    ? await startDemoOidcProvider(config, DEMO_SUPPORT_USER)
    : null;
  const started = await startPortal({ ...process.env, ...demoOidc?.portalEnv }).catch(async (error) => {
    await demoOidc?.close();
    throw error;
  });
  const { logger } = started;
  let simulation: Simulation | null = null;
  try {
    const supportId = await prepareDemoSupport(started);
    if (supportId) logger.info({ tenantId: supportId }, 'demo support tenant ready');
    if (demoOidc) logger.info({ issuer: demoOidc.issuer }, 'demo sign-in provider running');
    const fleet = await prepareDemoFleet(started, { samples: historySamples, alerts: historyAlerts });
    if (fleet) {
      simulation = await startSimulation({
        brokerUrl: fleet.brokerUrl,
        // The first demo gateway has the demo pump fitted: give the demo customer the pump dashboard to drive it.
        // DEMO_CAMERA_REMOVAL_AFTER: it also has a camera module, which it loses then (camera removal alerts).
        gateways: fleet.gateways.map((gateway, i) =>
          i === 0 ? { ...gateway, pump: true, ...cameraRemoval(started.config) } : gateway,
        ),
        seed: fleet.seed,
        // Locks that never jam, leave radio range or refuse a command, unless DEMO_LOCK_FAILURES=1 (docs/locks.md).
        ...(started.config.DEMO_LOCK_FAILURES ? {} : { locks: RELIABLE_LOCKS }),
      });
      void fleet.writeHistory();
      logger.info({ gateways: fleet.gateways.length, tenantId: fleet.tenantId }, 'demo gateways running');
    }
  } catch (error) {
    await simulation?.stop().catch(() => {});
    await started.stop().catch(() => {});
    await demoOidc?.close().catch(() => {});
    throw error;
  }
  stopOnSignals(logger, [async () => simulation?.stop(), started.stop, async () => demoOidc?.close()]);
}

launch().catch(exitOnStartFailure);
