import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type HierarchyNode, live, type ScopesLiveMessage, superAdminPreset } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { expect } from 'vitest';
import {
  createCustomerWithUser,
  injectAs,
  randomMac,
  randomTag,
  sharedPortal,
  signIn,
  startPortal,
  type TestPortal,
  watchLive,
} from '../../../test/harness.ts';
import { multipartBody } from '../files/test-images.ts';

// Helpers of the customers integration tests.

export type Customer = Awaited<ReturnType<typeof createCustomerWithUser>>;
export const tag = () => randomTag().toUpperCase();

/**
 * A portal of its own, signed in as root, with customers Alpha (and its child Kid) and Beta, each with a
 * signed-in admin.
 */
export async function startCustomersPortal() {
  return customersWorld(await startPortal());
}

/** The same on the worker's shared portal (sharedPortal): for files that assert only about their own rows. */
export async function sharedCustomersPortal() {
  return customersWorld(await sharedPortal());
}

async function customersWorld(portal: TestPortal) {
  const root = await signIn(portal);
  const rootTenant = await portal.database.db
    .selectFrom('tenants')
    .select('id')
    .where('kind', '=', 'root')
    .executeTakeFirst();
  const rootId = rootTenant!.id;
  const admin = { permissions: superAdminPreset(false) };
  const alpha = await createCustomerWithUser(portal, 'Alpha', admin);
  const alphaAdmin = await signIn(portal, alpha.email, alpha.password);
  const alphaChild = await createCustomerWithUser(portal, 'Kid', { ...admin, parentId: alpha.tenant.id });
  const childAdmin = await signIn(portal, alphaChild.email, alphaChild.password);
  const beta = await createCustomerWithUser(portal, 'Beta', admin);
  const betaAdmin = await signIn(portal, beta.email, beta.password);
  return { portal, root, rootId, alpha, alphaAdmin, alphaChild, childAdmin, beta, betaAdmin };
}

export const ids = (node: HierarchyNode): string[] => [node.scope.id, ...node.children.flatMap(ids)];

/**
 * The customers API and the database as the tests use them, on the portal `world` gives once started
 * (`root` is its root session). Live connections opened go to `clients`, for the test's afterEach to end.
 */
export function customerCalls(world: () => { portal: TestPortal; root: string }, clients: MqttClient[] = []) {
  const portal = () => world().portal;
  const db = () => portal().database.db;
  const get = (cookie: string, url: string, query?: Record<string, string | number>) =>
    injectAs(portal(), cookie, 'GET', url, { query });
  const createScope = (cookie: string, payload: Record<string, unknown>) =>
    injectAs(portal(), cookie, 'POST', '/api/createScope', { payload });
  const updateScope = (cookie: string, payload: Record<string, unknown>) =>
    injectAs(portal(), cookie, 'PUT', '/api/updateScope', { payload });
  const upload = (cookie: string, parts: Parameters<typeof multipartBody>[0]) => {
    const { body, contentType } = multipartBody(parts);
    return portal().app.inject({
      method: 'POST',
      url: '/v1/auth-service/upload-images-files',
      headers: { cookie, 'content-type': contentType },
      payload: body,
    });
  };
  const tenantRow = (id: string) =>
    db().selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const storedFiles = async () => {
    try {
      return (await readdir(join(portal().config.DATA_DIR, 'files', 'public'))).sort();
    } catch {
      return [];
    }
  };
  /** A new customer under root, through the API; answers its id. */
  async function newCustomer(overrides: Record<string, unknown> = {}): Promise<string> {
    const response = await createScope(world().root, {
      name: `Cust ${tag()}`,
      customerId: `C-${tag()}`,
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }
  /** Gateways of a tenant, each with the given facts. */
  async function gateways(
    tenantId: string,
    facts: { connected?: boolean; firmware?: string; os?: string; osPatch?: string }[],
  ): Promise<void> {
    for (const fact of facts) {
      const mac = randomMac();
      await portal().services.gateways.provision(tenantId, mac, `GW ${mac}`);
      await db()
        .updateTable('gateways')
        .set({
          connected: fact.connected ?? false,
          firmware: fact.firmware ?? null,
          os_version: fact.os ?? null,
          state: JSON.stringify(fact.osPatch ? { osPatch: fact.osPatch } : {}),
        })
        .where('mac', '=', mac)
        .execute();
    }
  }
  async function liveScopes(cookie: string, scopeId: string): Promise<ScopesLiveMessage[]> {
    const { client, messages } = await watchLive<ScopesLiveMessage>(portal(), cookie, live.scopes(scopeId));
    clients.push(client);
    return messages;
  }
  return {
    db,
    get,
    createScope,
    updateScope,
    upload,
    tenantRow,
    storedFiles,
    newCustomer,
    gateways,
    liveScopes,
  };
}
