import {
  customerMessages,
  type DeleteOfflineGatewaysResult,
  type DeviceMovedMessage,
  type GatewayAddress,
  live,
  gatewayRegistryMessages as messages,
  type offlineGatewaySelection,
  type RegisterGatewayBody,
  type RegisterGatewayResult,
  type RegistryResult,
  type RotateCredentialResult,
  TENANT_KIND,
  type UpdateGatewayBody,
} from '@portal/contract';
import type { z } from 'zod';
import type { Gateway, Tenant } from '../../db/schema.ts';
import { digest, newSecret } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { DeviceDisconnector, LivePublisher } from '../../lib/live.ts';
import type { Principal } from '../../lib/principal.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { GatewayRegistryRepository } from './gateway-registry.repository.ts';
import type { GatewaysQuery } from './gateways.query.ts';

/** Told of every gateway moved to another customer, and by whom (the gateway-commands module logs it). */
export type GatewayMovedListener = (
  mac: string,
  change: { from: string; to: string; madeBy: string | null },
) => Promise<void>;
export interface UserDirectory {
  sessionUser(principal: Principal): Promise<{ email: string }>;
}

/** Customers a gateway may never be moved to (the free-tier general users' scope, the support tenant). */
const NOT_A_TARGET: readonly string[] = [TENANT_KIND.freeTier, TENANT_KIND.support];

/**
 * The gateway registry (docs/gateway-operations.md, "Registry"): registration, edit, moves between
 * customers and deletion of offline gateways. Every call is tenant-walled: a gateway or customer outside the
 * caller's reach is a 404.
 */
export class GatewayRegistryService {
  private readonly movedListeners: GatewayMovedListener[] = [];

  constructor(
    private readonly repo: GatewayRegistryRepository,
    private readonly gateways: GatewaysQuery,
    private readonly tenants: TenantsService,
    private readonly deps: {
      live: LivePublisher;
      devices: DeviceDisconnector;
      users: UserDirectory;
    },
  ) {}

  /** Calls `listener` for every gateway moved, after its browsers are told and its connection dropped. */
  onMoved(listener: GatewayMovedListener): void {
    this.movedListeners.push(listener);
  }

  /**
   * Creates the record, or completes an unregistered one (REG 0 -> 1), in customer SID. A gateway without a
   * device credential gets a fresh one, answered this once (only its digest is stored, as provisioning
   * does); one provisioned with a credential keeps it, so registering never cuts a connected gateway off.
   */
  async register(principal: Principal, body: RegisterGatewayBody): Promise<RegisterGatewayResult> {
    const target = await this.target(principal, body.SID);
    const existing = await this.gateways.findReachable(principal, body.MAC);
    const details = {
      name: body.NAME,
      tags: body.tags,
      address: cleanAddress(body.LCTN),
      manufactured_at: new Date(body.CRTD),
    };
    if (!existing) {
      const credential = newSecret();
      const state = body.HS === undefined ? {} : { HS: body.HS };
      const row = await this.repo.insertRegistered({
        mac: body.MAC,
        tenant_id: target.id,
        state,
        credential_hash: digest(credential),
        ...details,
      });
      // Taken meanwhile by another registration (or by a gateway the caller cannot see).
      if (!row) throw new AppError('CONFLICT', messages.registerFailed);
      return { message: messages.registered, macId: row.mac, scopeId: row.tenant_id, credential };
    }
    if (existing.registered) throw new AppError('CONFLICT', messages.alreadyRegistered);
    const credential = existing.credential_hash ? null : newSecret();
    await this.repo.update(existing.mac, {
      ...details,
      ...(credential ? { credential_hash: digest(credential) } : {}),
      registered: true,
      tenant_id: target.id,
    });
    await this.announceMove(principal, existing, target.id);
    return { message: messages.registered, macId: existing.mac, scopeId: target.id, credential };
  }

  /** Edit form and Configuration dialog: name, address, manufactured date, tags, customer. */
  async update(principal: Principal, mac: string, body: UpdateGatewayBody): Promise<RegistryResult> {
    const gateway = await this.gateways.reachableGateway(principal, mac);
    const changes = changedFields(gateway, body);
    if (Object.keys(changes).length === 0) throw new AppError('VALIDATION_ERROR', messages.nothingChanged);
    if (changes.tenant_id) await this.target(principal, changes.tenant_id);
    await this.repo.update(gateway.mac, changes);
    await this.announceMove(principal, gateway, changes.tenant_id ?? gateway.tenant_id);
    return { message: messages.updated, macId: gateway.mac, scopeId: changes.tenant_id ?? gateway.tenant_id };
  }

  /** Change Customer tab of the Gateway Information panel: unregistered gateways only. */
  async assignScope(principal: Principal, id: string, scopeId: string): Promise<RegistryResult> {
    const gateway = await this.gatewayById(principal, id);
    if (gateway.registered) throw new AppError('CONFLICT', messages.onlyUnregistered);
    await this.move(principal, gateway, scopeId);
    return { message: messages.detailsMoved, macId: gateway.mac, scopeId };
  }

  /** Device migration dialog (IOT_DEVICE_SCOPE_MIGRATE): any gateway, registered or not. */
  async migrate(principal: Principal, deviceId: string, scopeId: string): Promise<RegistryResult> {
    const gateway = await this.gatewayById(principal, deviceId);
    await this.move(principal, gateway, scopeId);
    return { message: messages.migrated(gateway.mac), macId: gateway.mac, scopeId };
  }

  /**
   * Deletes the offline gateways of `macs` and their data in one transaction; online ones are refused. A MAC
   * that is not in the scope's subtree makes the whole call a 404, and nothing is deleted. `select` adds the
   * offline gateways a delete-mode selection of the list names ('All', or the first N of the list's order, of
   * those matching its search and filters; docs/gateway-operations.md).
   */
  async deleteOffline(
    principal: Principal,
    macs: string[],
    scopeId: string,
    select?: z.output<typeof offlineGatewaySelection>,
  ): Promise<DeleteOfflineGatewaysResult> {
    const subtree = new Set(await this.tenants.subtreeWithin(principal, scopeId));
    const selected = select ? await this.gateways.selectedOffline(principal, scopeId, select) : [];
    const unique = [...new Set([...macs, ...selected])];
    if (unique.length === 0) return { message: messages.deleteFailed, deleted: [], refused: [] };
    const { deleted, refused } = await this.repo.deleteOffline(unique, (found) => {
      if (found.length !== unique.length || found.some((g) => !subtree.has(g.tenant_id)))
        throw notFound('Gateway');
    });
    await this.announceDeleted(deleted);
    return {
      message: deleted.length > 0 ? messages.deleted : messages.deleteFailed,
      deleted: deleted.map((g) => g.mac),
      refused,
    };
  }

  /**
   * A new device credential for a gateway within reach (404 otherwise), answered this once. Only its digest is
   * stored, replacing the previous one's, so the previous credential stops working for the next connection,
   * and the gateway's current connection is dropped at once (embedded broker; an external broker authenticates
   * gateways itself and cannot be told: docs/gateway-operations.md, "Credential rotation").
   */
  async rotateCredential(principal: Principal, id: string): Promise<RotateCredentialResult> {
    const gateway = await this.gatewayById(principal, id);
    const credential = newSecret();
    await this.repo.update(gateway.mac, { credential_hash: digest(credential) });
    this.deps.devices.disconnectDevice(gateway.mac, 'credential rotated');
    return {
      message: messages.credentialRotated,
      macId: gateway.mac,
      scopeId: gateway.tenant_id,
      credential,
    };
  }

  // --- moves ----------------------------------------------------------------------------------------------

  private async move(principal: Principal, gateway: Gateway, scopeId: string): Promise<void> {
    const target = await this.target(principal, scopeId);
    if (target.id === gateway.tenant_id) throw new AppError('CONFLICT', messages.sameCustomer);
    await this.repo.update(gateway.mac, { tenant_id: target.id });
    await this.announceMove(principal, gateway, target.id);
  }

  /** A customer gateways may be moved to: within reach (else 404), not free-tier or support, not being deleted. */
  private async target(principal: Principal, scopeId: string): Promise<Tenant> {
    const scope = await this.tenants.scopeWithin(principal, scopeId);
    if (NOT_A_TARGET.includes(scope.kind)) throw new AppError('CONFLICT', messages.notATarget);
    if (scope.status === 'DELETE_PENDING') throw new AppError('CONFLICT', customerMessages.beingDeleted);
    return scope;
  }

  /** After a user's move: announced, and recorded with the user's e-mail for the activity feed. */
  private async announceMove(principal: Principal, gateway: Gateway, toScopeId: string): Promise<void> {
    if (gateway.tenant_id === toScopeId) return;
    const { email } = await this.deps.users.sessionUser(principal);
    await this.gatewaysMoved([gateway], { fromScopeId: gateway.tenant_id, toScopeId }, email);
  }

  /**
   * Gateways moved (by a user, or to the root tenant by a customer deletion): deviceMoved on the gateways
   * channel of both customers and their ancestors, each gateway's connection dropped (so that it reconnects,
   * and is authorised, as a gateway of its new customer), and the move recorded for its activity feed.
   */
  async gatewaysMoved(
    moved: { id: string; mac: string }[],
    { fromScopeId, toScopeId }: { fromScopeId: string; toScopeId: string },
    madeBy: string | null,
  ): Promise<void> {
    const scopes = await this.withAncestors([fromScopeId, toScopeId]);
    for (const gateway of moved) {
      const message: DeviceMovedMessage = {
        type: 'deviceMoved',
        id: gateway.id,
        macId: gateway.mac,
        fromScopeId,
        toScopeId,
      };
      for (const scopeId of scopes) this.deps.live.publish(live.gateways(scopeId), message);
      this.deps.devices.disconnectDevice(gateway.mac);
      for (const listener of this.movedListeners) {
        await listener(gateway.mac, { from: fromScopeId, to: toScopeId, madeBy });
      }
    }
  }

  private async announceDeleted(deleted: { mac: string; tenant_id: string }[]): Promise<void> {
    const macIds = new Map<string, string[]>();
    for (const tenantId of new Set(deleted.map((g) => g.tenant_id))) {
      const macs = deleted.filter((g) => g.tenant_id === tenantId).map((g) => g.mac);
      for (const scopeId of await this.withAncestors([tenantId])) {
        macIds.set(scopeId, [...(macIds.get(scopeId) ?? []), ...macs]);
      }
    }
    for (const [scopeId, macs] of macIds) {
      this.deps.live.publish(live.gateways(scopeId), { type: 'gatewaysDeleted', macIds: macs });
    }
  }

  private async withAncestors(tenantIds: string[]): Promise<Set<string>> {
    const ids = new Set<string>();
    for (const id of tenantIds) {
      const tenant = await this.tenants.findById(id);
      for (const scopeId of [...(tenant?.ancestors ?? []), id]) ids.add(scopeId);
    }
    return ids;
  }

  /** By id (the registry's uuid) or MAC, within the caller's reach; otherwise 404. */
  private async gatewayById(principal: Principal, id: string): Promise<Gateway> {
    if (isUuid(id)) return this.gateways.reachableGatewayById(principal, id);
    return this.gateways.reachableGateway(principal, id);
  }
}

/** The entered address without blank fields: a blank field hides nothing the device reports. */
function cleanAddress(address: GatewayAddress): Record<string, unknown> {
  return Object.fromEntries(Object.entries(address).filter(([, v]) => v !== '' && v !== undefined));
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

const sameRecord = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
};

/** The fields of `body` that differ from the stored gateway, as column changes. */
function changedFields(gateway: Gateway, body: UpdateGatewayBody) {
  const changes: {
    name?: string;
    tenant_id?: string;
    manufactured_at?: Date;
    tags?: string[];
    address?: Record<string, unknown>;
  } = {};
  if (body.NAME !== undefined && body.NAME !== gateway.name) changes.name = body.NAME;
  if (body.SID !== undefined && body.SID !== gateway.tenant_id) changes.tenant_id = body.SID;
  if (body.CRTD !== undefined && body.CRTD !== gateway.manufactured_at?.getTime())
    changes.manufactured_at = new Date(body.CRTD);
  if (body.tags !== undefined && !sameList(body.tags, gateway.tags)) changes.tags = body.tags;
  if (body.LCTN !== undefined) {
    const address = cleanAddress(body.LCTN);
    if (!sameRecord(address, gateway.address)) changes.address = address;
  }
  return changes;
}
