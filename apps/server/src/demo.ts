/**
 * The demo fleet's side in the portal, for the launcher (apps/launcher) that runs the simulated gateways
 * beside it: the demo customer and its gateways' credentials, the broker they connect to, and their history.
 * The server itself never starts a simulation. The package's `@portal/server/demo` entry.
 */
import { ADMIN_PRESET, type Permission, sensorAlertBody } from '@portal/contract';
import { DEMO_SIMULATION_SEED, prepareDemo } from './bootstrap.ts';
import type { StartedPortal } from './main.ts';
import {
  type DemoHistoryModel,
  gatewaysWithoutHistory,
  writeDemoHistory,
} from './modules/telemetry/demo-history.ts';
import { createUsersModule } from './modules/users/index.ts';

export { DEMO_CUSTOMER_NAME } from './bootstrap.ts';
export type { DemoHistoryModel };

export interface DemoFleet {
  /** The demo customer's tenant id. */
  tenantId: string;
  /** Each demo gateway's MAC, its credential (re-issued at every start) and its customer scope. */
  gateways: { mac: string; password: string; scopeId: string }[];
  /** Where the gateways connect: the external broker, or the embedded one's TCP port on this host. */
  brokerUrl: string;
  /** The simulation's seed: the live samples continue the history written under the same seed. */
  seed: number;
  /**
   * Writes the history of the gateways that had none when the fleet was prepared (in the background: call it
   * once the simulation runs; it logs what it wrote and never rejects).
   */
  writeHistory: () => Promise<void>;
}

/**
 * Prepares the demo fleet of a started portal when its configuration asks for one (`DEMO` on and
 * `DEMO_GATEWAYS` above 0); null otherwise. The gateways without history are found here, before they start
 * sending (docs/decisions.md, the demo fleet's history); `history` is the simulator's model of their past.
 */
export async function prepareDemoFleet(
  { portal, config, logger }: StartedPortal,
  history: DemoHistoryModel,
): Promise<DemoFleet | null> {
  if (!config.DEMO || config.DEMO_GATEWAYS <= 0) return null;
  const { db } = portal.database;
  const demo = await prepareDemo(db, portal.services.gateways, config.DEMO_GATEWAYS);
  const historyUntil = Date.now();
  const withoutHistory = await gatewaysWithoutHistory(
    db,
    demo.devices.map((d) => d.mac),
  );
  const writeHistory = async () => {
    if (withoutHistory.length === 0) return;
    try {
      const written = await writeDemoHistory(db, withoutHistory, {
        model: history,
        seed: DEMO_SIMULATION_SEED,
        now: historyUntil,
      });
      logger.info({ ...written, ms: Date.now() - historyUntil }, 'demo history written');
    } catch (error) {
      logger.warn({ err: error }, 'demo history not written');
    }
  };
  return {
    tenantId: demo.tenantId,
    gateways: demo.devices,
    brokerUrl: config.MQTT_URL ?? `mqtt://127.0.0.1:${portal.messaging.tcpPort()}`,
    seed: DEMO_SIMULATION_SEED,
    writeHistory,
  };
}

/**
 * The demo support tenant's user: the identity the launcher's demo OpenID Connect provider signs in (it has no
 * password of its own), so that a newcomer meets social sign-in and the support tenant's Email and SMS
 * subscriptions (spec 002 section 2) in the default start. Read-only on the portal, but for alerts.
 */
export const DEMO_SUPPORT_USER = {
  email: 'demo.support@portal.local',
  firstName: 'Demo',
  lastName: 'Support',
} as const;
const DEMO_SUPPORT_PERMISSIONS: readonly Permission[] = [...ADMIN_PRESET, 'ALERTS_WRITE'];
const DEMO_SUPPORT_ALERT = 'Demo high CO2';

/**
 * The demo's support tenant (kind `support`, 'Support' under root), its user DEMO_SUPPORT_USER and one sensor
 * alert there whose Email and SMS columns the user switches. Each made when missing, so every start may call
 * it; nothing when DEMO is off. Answers the support tenant's id, or null.
 */
export async function prepareDemoSupport({ portal, config }: StartedPortal): Promise<string | null> {
  if (!config.DEMO) return null;
  const { tenants, sensorAlerts } = portal.services;
  await tenants.ensureSupportTenant();
  const support = await tenants.findByKind('support');
  if (!support) return null;
  const { users } = createUsersModule({ db: portal.database.db });
  const user =
    (await users.findByEmail(DEMO_SUPPORT_USER.email)) ??
    (await users.insertUser({
      tenant_id: support.id,
      email: DEMO_SUPPORT_USER.email,
      first_name: DEMO_SUPPORT_USER.firstName,
      last_name: DEMO_SUPPORT_USER.lastName,
      // Signs in through the demo provider only: no password, so no password change or 2FA either.
      password_hash: null,
      social_login: true,
      permissions: [...DEMO_SUPPORT_PERMISSIONS],
    }));
  if (user.tenant_id !== support.id) return support.id;
  const principal = {
    userId: user.id,
    tenantId: support.id,
    isRoot: false,
    permissions: new Set<string>(user.permissions),
    sessionIdHash: '',
    freeTierMember: false,
  };
  const { alerts } = await sensorAlerts.list(principal, support.id);
  if (!alerts.some((alert) => alert.alertName === DEMO_SUPPORT_ALERT)) {
    await sensorAlerts.create(
      principal,
      sensorAlertBody.parse({
        alertType: 'HIGH_CO2',
        alertName: DEMO_SUPPORT_ALERT,
        waitingTime: 60,
        thresholdType: 'greater_than',
        threshold: 1200,
        scopeId: support.id,
      }),
    );
  }
  return support.id;
}
