import {
  type HierarchyNode,
  hierarchyNode,
  type ProvisionedGateway,
  provisionedGateways,
} from '@portal/contract';
import { type Simulation, type SimulationOptions, startSimulation } from '@portal/gateway-sim';
import { ROOT_EMAIL, ROOT_PASSWORD, type SharedPortal } from './portal.ts';

export interface SimulatedGatewaysOptions {
  /** The customer the gateways are provisioned into; default the demo customer ('Demo Customer'). */
  scopeId?: string;
  /** How many; default 1 (at most 100). */
  count?: number;
  /** Names are '{name} {last 4 MAC digits}'; default 'Gateway'. */
  name?: string;
  /** false: the gateways take instructions but never answer (the time-out paths). Default true. */
  answerInstructions?: boolean;
  /** Whether a camera module is fitted (CMS 1); default: drawn at random per gateway. */
  camera?: boolean;
  /** true: the demo pump and soil sensor are fitted (docs/dashboards.md, "Pump dashboard"). */
  pump?: boolean;
  /**
   * Set: the gateways answer every diagnostics and camera capture with status ERROR and this value
   * ('GATEWAY_REBOOTED', ...); '' answers ERROR with no value (an empty response).
   */
  instructionFailure?: string;
  /** How often each gateway samples telemetry; default 5000 ms. */
  telemetryIntervalMs?: number;
  /** Updates: failure rates and install time (firmware-updater.ts); a RESET/reboot keeps it away this long. */
  firmware?: SimulationOptions['firmware'];
  restartDelayMs?: number;
  /** How the simulated locks behave (apps/gateway-sim lock-settings.ts): e.g. no random failures for a spec. */
  locks?: SimulationOptions['locks'];
  /** '*': each gateway manages every lock near it; default drawn at random, which now and then names none. */
  whitelist?: '*';
}

export interface SimulatedGateways {
  /** The customer they belong to. */
  scopeId: string;
  macs: string[];
  /** Names as the portal shows them, in the order of `macs`. */
  names: string[];
  simulation: Simulation;
  /** Every gateway says CS 0 and disconnects cleanly: it shows offline. */
  stop(): Promise<void>;
}

/** A session of the seeded root administrator, for the API calls of the helpers (not the browser's). */
async function rootCookie(portal: SharedPortal): Promise<string> {
  const response = await fetch(`${portal.baseUrl}/api/login/twoFactorKey/e2e`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ROOT_EMAIL, password: ROOT_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (response.status !== 200 || !cookie) throw new Error(`root sign-in answered ${response.status}`);
  return cookie.split(';')[0]!;
}

/**
 * Provisions `count` gateways into a customer through the portal (POST /api/gateway/provision, as root) and
 * runs them with the simulator against the portal's device broker until stop(). Resolves once every one is
 * connected and the portal shows it online.
 */
export async function startSimulatedGateways(
  portal: SharedPortal,
  options: SimulatedGatewaysOptions,
): Promise<SimulatedGateways> {
  const cookie = await rootCookie(portal);
  const name = options.name ?? 'Gateway';
  const scopeId = options.scopeId ?? (await demoCustomerId(portal, cookie));
  const response = await fetch(`${portal.baseUrl}/api/gateway/provision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ scopeId, count: options.count ?? 1, name }),
  });
  if (response.status !== 200) {
    throw new Error(`POST /api/gateway/provision answered ${response.status}: ${await response.text()}`);
  }
  const credentials: ProvisionedGateway[] = provisionedGateways.parse(await response.json());
  const simulation = startSimulation({
    brokerUrl: portal.deviceBrokerUrl,
    gateways: credentials.map((credential) => ({
      ...credential,
      ...(options.answerInstructions === undefined ? {} : { answerInstructions: options.answerInstructions }),
      ...(options.camera === undefined ? {} : { camera: options.camera }),
      ...(options.pump === undefined ? {} : { pump: options.pump }),
      ...(options.instructionFailure === undefined ? {} : { instructionFailure: options.instructionFailure }),
      ...(options.whitelist === undefined ? {} : { whitelist: options.whitelist }),
    })),
    telemetryIntervalMs: options.telemetryIntervalMs ?? 5_000,
    ...(options.firmware ? { firmware: options.firmware } : {}),
    ...(options.restartDelayMs ? { restartDelayMs: options.restartDelayMs } : {}),
    ...(options.locks ? { locks: options.locks } : {}),
  });
  const macs = credentials.map((c) => c.mac);
  try {
    await simulation.whenConnected();
    await waitUntilOnline(portal, cookie, scopeId, macs);
  } catch (error) {
    await simulation.stop();
    throw error;
  }
  return {
    scopeId,
    macs,
    names: macs.map((mac) => `${name} ${mac.slice(-4)}`),
    simulation,
    stop: () => simulation.stop(),
  };
}

const DEMO_CUSTOMER = 'Demo Customer';

/** The id of the demo customer, from the root user's hierarchy (GET /api/hirarchy). */
async function demoCustomerId(portal: SharedPortal, cookie: string): Promise<string> {
  const response = await fetch(`${portal.baseUrl}/api/hirarchy`, { headers: { cookie } });
  const find = (node: HierarchyNode): string | undefined =>
    node.scope.name === DEMO_CUSTOMER ? node.scope.id : node.children.map(find).find(Boolean);
  const id = find(hierarchyNode.parse(await response.json()));
  if (!id) throw new Error(`no customer named ${DEMO_CUSTOMER}: start the portal with DEMO=1`);
  return id;
}

/** Polls the customer's gateway list until every one of `macs` is online. */
async function waitUntilOnline(portal: SharedPortal, cookie: string, scopeId: string, macs: string[]) {
  const until = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(`${portal.baseUrl}/api/gateway/get-gateways?scopeId=${scopeId}`, {
      headers: { cookie },
    });
    const list = (await response.json()) as Array<{ macId: string; deviceStatus: string }>;
    const online = new Set(list.filter((g) => g.deviceStatus === 'online').map((g) => g.macId));
    if (macs.every((mac) => online.has(mac))) return;
    if (Date.now() > until) throw new Error(`gateways not online in the portal: ${macs.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
