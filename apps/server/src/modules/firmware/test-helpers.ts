import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FirmwareKind, RolloutView } from '@portal/contract';
import { type Simulation, startSimulation } from '@portal/gateway-sim';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  createCustomerWithUser,
  injectAs,
  type Portal,
  randomMac,
  signIn,
  startPortal,
  type TestPortal,
  waitForConnected,
} from '../../../test/harness.ts';
import { multipartBody } from '../files/test-images.ts';
import { firmwareName, pycFile } from './test-files.ts';

export const UPLOAD_PATH: Record<FirmwareKind, string> = {
  firmware: '/v1/auth-service/file-storage',
  customerFw: '/v1/auth-service/customer-firmware-file',
  osPatch: '/v1/auth-service/partial-os-file',
};
export const ALL_PATH: Record<FirmwareKind, string> = {
  firmware: '/api/getAllFirmwareVersions/',
  customerFw: '/api/getAllCustomerFwVersions/',
  osPatch: '/api/getAllOSPatchVersions/',
};
export const APPLY_PATH: Record<FirmwareKind, string> = {
  firmware: '/api/apply-firmware',
  customerFw: '/api/update-Cfw',
  osPatch: '/api/update-Os',
};
export const DELETE_PATH: Record<FirmwareKind, string> = {
  firmware: '/api/deleteFirmwareVersions',
  customerFw: '/api/deleteCfwVersions',
  osPatch: '/api/deleteOSVersions',
};
export const LATEST_PATH: Record<FirmwareKind, [string, string]> = {
  firmware: ['/api/scope/latest-versions', 'fileStores'],
  customerFw: ['/api/scope/latest-versions-for-customer-fw', 'customerFWFileStore'],
  osPatch: ['/api/scope/latest-versions-for-partial-os', 'partialOSFileStore'],
};

/** The calls of the firmware pages as a browser holding `cookie` makes them. */
export function firmwareCalls(portal: Pick<Portal, 'app'>) {
  const upload = (
    cookie: string,
    kind: FirmwareKind,
    fileName: string,
    data: Buffer,
    info?: Record<string, unknown> | string,
  ) => {
    const parts: Parameters<typeof multipartBody>[0] = [
      ...(info === undefined
        ? []
        : [{ name: 'info', value: typeof info === 'string' ? info : JSON.stringify(info) }]),
      { name: 'upload', filename: fileName, contentType: 'application/octet-stream', data },
    ];
    const { body, contentType } = multipartBody(parts);
    return portal.app.inject({
      method: 'POST',
      url: UPLOAD_PATH[kind],
      headers: { cookie, 'content-type': contentType },
      payload: body,
    });
  };
  const apply = (
    cookie: string,
    kind: FirmwareKind,
    fileStoreId: string,
    scopeId: string,
    payload: Record<string, unknown> = {},
  ) =>
    portal.app.inject({
      method: 'PUT',
      url: `${APPLY_PATH[kind]}/fileStoreId/${fileStoreId}/scopeId/${scopeId}`,
      headers: { cookie },
      payload: { scopes: { [scopeId]: [] }, fileStoreId, ...payload },
    });
  const all = (cookie: string, kind: FirmwareKind) =>
    portal.app.inject({ method: 'GET', url: ALL_PATH[kind], headers: { cookie } });
  const latest = async (cookie: string, kind: FirmwareKind) => {
    const [url, key] = LATEST_PATH[kind];
    const response = await portal.app.inject({ method: 'GET', url, headers: { cookie } });
    return {
      response,
      byScope: (response.json() as Record<string, Record<string, { version: string }[]>>)[key] ?? {},
    };
  };
  const remove = (cookie: string, kind: FirmwareKind, versions: string[]) =>
    portal.app.inject({
      method: 'PUT',
      url: DELETE_PATH[kind],
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(versions),
    });
  return { upload, apply, all, latest, remove };
}

/** The firmware files in the portal's storage directory. */
export async function storedFirmware(portal: TestPortal): Promise<string[]> {
  const dir = join(portal.config.DATA_DIR, 'files', 'firmware');
  const names: string[] = [];
  for (const kind of ['firmware', 'customerFw', 'osPatch']) {
    try {
      names.push(...(await readdir(join(dir, kind))).map((n) => `${kind}/${n}`));
    } catch {
      // none of this kind yet
    }
  }
  return names.sort();
}

/** Short timings: the health window, pace and time-outs of a real fleet in fractions of a second. */
const FAST = {
  FIRMWARE_TICK_SECONDS: '0.2',
  FIRMWARE_HEALTH_WINDOW_SECONDS: '0.4',
  FIRMWARE_WAVE_PACE_SECONDS: '0.1',
  FIRMWARE_UPDATE_TIMEOUT_SECONDS: '60',
};
const SIM = { telemetryIntervalMs: 200, restartDelayMs: 200, stateIntervalMs: 60_000 };

export interface RolloutFixture {
  portal: TestPortal;
  /** Root's session cookie. */
  root: string;
  calls: ReturnType<typeof firmwareCalls>;
  /** The uploaded gateway firmware, version 20250304, and its id. */
  image: Buffer;
  fileId: string;
  /**
   * A customer with `count` simulated gateways online (their updates failing as `failures` says) and `offline`
   * more provisioned that never connect.
   */
  fleet(
    label: string,
    count: number,
    failures?: Record<string, number>,
    offline?: number,
  ): Promise<{
    customer: Awaited<ReturnType<typeof createCustomerWithUser>>;
    macs: string[];
    credentials: { mac: string; password: string; scopeId: string }[];
  }>;
  /** The customer's rollouts of `kind`, as the rollouts page reads them. */
  rollouts(scopeId: string, kind?: FirmwareKind): Promise<RolloutView[]>;
  pause(rolloutId: string): Promise<void>;
}

/**
 * A portal with fast rollout timings for the file's tests (started before them, stopped after), root signed
 * in and gateway firmware 20250304 uploaded. Its fields are set once the file's tests start.
 */
export function useRolloutPortal(): RolloutFixture {
  const simulations: Simulation[] = [];
  const fixture = {
    async fleet(label: string, count: number, failures: Record<string, number> = {}, offline = 0) {
      const { portal } = fixture;
      const customer = await createCustomerWithUser(portal, label);
      const credentials = [];
      for (let i = 0; i < count + offline; i++) {
        const mac = randomMac();
        const { password } = await portal.services.gateways.provision(
          customer.tenant.id,
          mac,
          `${label} ${i}`,
          {
            registered: true,
          },
        );
        credentials.push({ mac, password, scopeId: customer.tenant.id });
      }
      const simulation = startSimulation({
        brokerUrl: portal.deviceBrokerUrl,
        gateways: credentials.slice(0, count),
        seed: 7,
        ...SIM,
        firmware: { installMs: 50, failures },
      });
      simulations.push(simulation);
      await simulation.whenConnected();
      const macs = credentials.map((c) => c.mac);
      await waitForConnected(portal, macs.slice(0, count));
      return { customer, macs, credentials };
    },
    async rollouts(scopeId: string, kind: FirmwareKind = 'firmware') {
      const query = { scopeId, kind };
      const response = await injectAs(fixture.portal, fixture.root, 'GET', '/api/firmware-rollouts', {
        query,
      });
      return response.json<RolloutView[]>();
    },
    async pause(rolloutId: string) {
      const response = await injectAs(
        fixture.portal,
        fixture.root,
        'PUT',
        `/api/firmware-rollouts/${rolloutId}`,
        {
          payload: { action: 'pause' },
        },
      );
      expect(response.statusCode, response.body).toBe(200);
    },
  } as RolloutFixture;

  beforeAll(async () => {
    fixture.portal = await startPortal(FAST);
    fixture.root = await signIn(fixture.portal);
    fixture.calls = firmwareCalls(fixture.portal);
    fixture.image = pycFile(20_000);
    const uploaded = await fixture.calls.upload(
      fixture.root,
      'firmware',
      firmwareName('2025-03-04'),
      fixture.image,
    );
    fixture.fileId = uploaded.json().id;
  });
  afterAll(async () => {
    await Promise.all(simulations.map((s) => s.stop()));
    await fixture.portal?.close();
  });
  return fixture;
}
