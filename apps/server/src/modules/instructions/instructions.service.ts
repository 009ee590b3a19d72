import {
  type CreateInstructionBody,
  type CreateInstructionResult,
  deviceDown,
  type InstructionState,
  type InstructionType,
  instructionDeadlineMs,
  instructionMessages,
  type PendingInstruction,
  SINGLE_PENDING_TYPES,
  type UpdateInstructionBody,
  VIEWING_INSTRUCTION_TYPES,
} from '@portal/contract';
import type { Logger } from 'pino';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { DeviceIdentity, Principal } from '../../lib/principal.ts';
import { isVendorStaff } from '../../lib/vendor-staff.ts';
import type { FileStorage } from '../files/index.ts';
import type { TelemetryService } from '../telemetry/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { UsersService } from '../users/index.ts';
import { deviceLogKey, imageKey } from './instruction-answers.ts';
import type { InstructionDeadlines } from './instruction-deadlines.ts';
import { type InstructionOutcomes, newInstructionUid } from './instruction-outcomes.ts';
import type {
  InstructionGateway,
  InstructionRow,
  InstructionsRepository,
  OwnedInstruction,
} from './instructions.repository.ts';

/** Sends a message to a gateway (QoS 2, the spec's level for instructions). */
export type PublishToDevice = (topic: string, payload: unknown) => Promise<void>;

export interface InstructionsDependencies {
  repo: InstructionsRepository;
  tenants: TenantsService;
  /** The acting user's e-mail: portal events name it, and it tells vendor staff. */
  users: Pick<UsersService, 'emailOf'>;
  telemetry: Pick<TelemetryService, 'recordEvents'>;
  outcomes: InstructionOutcomes;
  deadlines: InstructionDeadlines;
  files: FileStorage;
  publish: PublishToDevice;
  logger: Logger;
  /** Vendor staff e-mail domains (STAFF_EMAIL_DOMAINS): only they (and root) request and fetch device logs. */
  staffDomains: readonly string[];
  /** Multiplies every deadline; 1 in production (INSTRUCTION_DEADLINE_SCALE exists for tests). */
  deadlineScale: number;
}

/** Creates an instruction of one type on behalf of another module (`takeCreation`). */
export type InstructionCreator = (
  principal: Principal,
  body: CreateInstructionBody,
) => Promise<CreateInstructionResult>;

/** Types that wait for an offline gateway (24 h deadline) and are sent again when it comes back. */
const waitsForGateway = (type: string) =>
  !['DIAGNOSTICS', 'CAMERA_CAPTURE', 'LOGS', 'HOTSPOT'].includes(type);

/**
 * Instructions (docs/gateway-operations.md, "Instructions"): created PENDING with a deadline, published to
 * the gateway, ended by its answer (InstructionAnswers), the browser, an abort or the deadline
 * (InstructionDeadlines). Every call is tenant-walled: a gateway or instruction outside the caller's reach
 * answers 404 and nothing changes.
 */
export class InstructionsService {
  private readonly creators = new Map<InstructionType, InstructionCreator>();

  constructor(private readonly deps: InstructionsDependencies) {}

  /** Listens for every instruction that ends (answered, aborted, deleted, timed out). */
  get onEnded() {
    return this.deps.outcomes.onEnded.bind(this.deps.outcomes);
  }

  /**
   * Another module takes the creation of one type through the create-instruction calls (locks:
   * LOCK_DEVICE_LOCK_UNLOCK, which checks the lock and writes its history entry). The permission rule stays here.
   */
  takeCreation(type: InstructionType, creator: InstructionCreator): void {
    this.creators.set(type, creator);
  }

  async create(principal: Principal, body: CreateInstructionBody): Promise<CreateInstructionResult> {
    this.assertMayRequest(principal, body.type);
    const creator = this.creators.get(body.type);
    if (creator) return creator(principal, body);
    if (body.type === 'LOGS') await this.assertStaff(principal);
    const gateway = await this.reachableGateway(principal, body.gatewayMacId ?? body.macId);
    if (!gateway.connected && !waitsForGateway(body.type)) {
      throw new AppError('CONFLICT', instructionMessages.gatewayOffline);
    }
    const lock = body.gatewayMacId ? { lockMac: body.macId, locked: body.locked } : {};
    const payload = { name: body.name ?? null, time: body.time ?? Date.now(), ...lock };
    const value = body.value ?? (body.gatewayMacId ? lock : undefined);
    const { row, created } = await this.issue(gateway, body.type, value, {
      createdBy: principal.userId,
      payload,
    });
    if (created && body.type === 'CAMERA_CAPTURE') {
      await this.portalEvent(gateway, instructionMessages.cameraCaptureInitiated, principal);
    }
    return { instructionId: row.id, uid: row.uid, status: row.status };
  }

  /**
   * Creates a PENDING instruction and publishes `{type, uid, value}` to the gateway. For diagnostics, camera
   * and device logs a gateway has one pending request at most: a second gets the first (not published again).
   */
  async issue(
    gateway: Pick<InstructionGateway, 'mac' | 'app_version'>,
    type: InstructionType,
    value: unknown,
    options: {
      createdBy: string | null;
      payload?: Record<string, unknown>;
      /** The uid to use (the caller recorded it before the answer can come); refused if taken. */
      uid?: string;
    },
  ): Promise<{ row: InstructionRow; created: boolean }> {
    const deadlineMs = instructionDeadlineMs(type, gateway.app_version) * this.deps.deadlineScale;
    for (let attempt = 0; attempt < 5; attempt++) {
      if (options.uid && attempt > 0) throw new Error(`instruction uid ${options.uid} is taken`);
      const row = await this.deps.repo.insert({
        uid: options.uid ?? newInstructionUid(),
        mac: gateway.mac,
        type,
        value: value ?? null,
        payload: options.payload ?? { name: null, time: Date.now() },
        created_by: options.createdBy,
        deadline_at: new Date(Date.now() + deadlineMs),
      });
      if (row) {
        await this.send(row);
        this.deps.deadlines.wakeAt(row.deadline_at);
        return { row, created: true };
      }
      if (SINGLE_PENDING_TYPES.includes(type)) {
        const pending = await this.deps.repo.findPending(gateway.mac, type);
        if (pending) return { row: pending, created: false };
      }
    }
    throw new Error('no free instruction uid after 5 attempts');
  }

  /** The browser ends a pending instruction (e.g. a camera capture it gave up on); an ended one stays as it is. */
  async update(principal: Principal, body: UpdateInstructionBody): Promise<InstructionState> {
    const instruction = await this.reachableInstruction(principal, { uid: body.uid });
    this.assertMayRequest(principal, instruction.type as InstructionType);
    const [ended] = await this.deps.repo.finishPending({ uid: body.uid }, body.status, body.value ?? null);
    if (!ended) return { uid: instruction.uid, status: instruction.status };
    await this.told(instruction, body.status, body.value ?? null);
    return { uid: ended.uid, status: ended.status };
  }

  /** A dialog closed before the answer: the pending instruction is deleted (an ended one is kept). */
  async remove(principal: Principal, uid: string): Promise<InstructionState> {
    const instruction = await this.reachableInstruction(principal, { uid });
    this.assertMayRequest(principal, instruction.type as InstructionType);
    if (!(await this.deps.repo.deletePending(uid))) return { uid, status: instruction.status };
    await this.told(instruction, 'ABORTED', null);
    return { uid, status: 'ABORTED' };
  }

  async listPending(principal: Principal, mac: string): Promise<PendingInstruction[]> {
    await this.reachableGateway(principal, mac);
    const rows = await this.deps.repo.listPending(mac);
    return rows.map((row) => ({
      instructionId: row.id,
      id: row.uid,
      type: row.type as InstructionType,
      status: row.status,
      payload: {
        name: typeof row.payload.name === 'string' ? row.payload.name : null,
        time: typeof row.payload.time === 'number' ? row.payload.time : row.created_at.getTime(),
      },
    }));
  }

  /** Aborts pending instructions; every id must be within reach (else 404 and nothing changes). */
  async abort(principal: Principal, ids: string[]): Promise<{ aborted: number }> {
    const unique = [...new Set(ids)];
    const found = await this.deps.repo.findOwnedByIds(unique);
    const reachable = await this.deps.tenants.reachableTenantIds(principal);
    if (found.length !== unique.length || found.some((row) => reachable && !reachable.has(row.tenant_id))) {
      throw notFound('Instruction');
    }
    const aborted = await this.deps.repo.finishPending({ ids: unique }, 'ABORTED', null);
    for (const row of aborted) {
      await this.told(found.find((f) => f.id === row.id)!, 'ABORTED', null);
    }
    return { aborted: aborted.length };
  }

  /**
   * Un-registration: the stored data goes (telemetry, events, instructions, device logs), REG 0, the portal
   * event 'Gateway Unregister Initiated' is saved and an UNREGISTER instruction ({registerMe: 1}) published.
   * Allowed for an offline gateway: the instruction then waits (24 h) and is sent when the gateway is back.
   */
  async unregister(principal: Principal, mac: string): Promise<CreateInstructionResult> {
    const gateway = await this.reachableGateway(principal, mac);
    const logKeys = await this.deps.repo.unregister(mac);
    for (const key of logKeys) await this.deps.files.remove(deviceLogKey(key));
    await this.portalEvent(gateway, instructionMessages.unregisterInitiated, principal);
    const { row } = await this.issue(
      gateway,
      'UNREGISTER',
      { registerMe: 1 },
      { createdBy: principal.userId },
    );
    return { instructionId: row.id, uid: row.uid, status: row.status };
  }

  /** The JPEG a camera capture saved. */
  async image(principal: Principal, uid: string) {
    await this.reachableInstruction(principal, { uid });
    const file = await this.deps.files.open(imageKey(uid));
    if (!file) throw notFound('Image');
    return { ...file, contentType: 'image/jpeg' };
  }

  /** A device log file saved from a LOGS answer. */
  async deviceLog(principal: Principal, key: string) {
    await this.assertStaff(principal);
    const log = await this.deps.repo.findDeviceLog(key);
    if (!log || !(await this.reaches(principal, log.tenant_id))) throw notFound('Device log');
    const file = await this.deps.files.open(deviceLogKey(key));
    if (!file) throw notFound('Device log');
    return { ...file, contentType: log.content_type, fileName: `${log.mac}-${key}` };
  }

  /** A gateway came back online: what waits for it (lock, user and unregister instructions) is sent again. */
  async redeliverPending(device: DeviceIdentity): Promise<void> {
    for (const row of await this.deps.repo.listPending(device.mac)) {
      if (waitsForGateway(row.type)) await this.send(row).catch(() => {});
    }
  }

  private async send(row: InstructionRow): Promise<void> {
    const message = { type: row.type, uid: row.uid, value: row.value ?? null };
    try {
      await this.deps.publish(deviceDown.instruction(row.mac), message);
    } catch (error) {
      this.deps.logger.error({ err: error, uid: row.uid }, 'instruction not published');
      await this.deps.repo.deletePending(row.uid);
      throw new AppError('UNAVAILABLE', instructionMessages.publishFailed);
    }
  }

  private told(instruction: OwnedInstruction, status: 'SUCCESS' | 'FAILED' | 'ABORTED', value: unknown) {
    return this.deps.outcomes.ended({
      uid: instruction.uid,
      type: instruction.type,
      mac: instruction.mac,
      tenantId: instruction.tenant_id,
      status,
      value,
    });
  }

  /** A portal event in the gateway's events (SE), the user's e-mail as its value. */
  private async portalEvent(gateway: InstructionGateway, name: string, principal: Principal): Promise<void> {
    const email = await this.deps.users.emailOf(principal.userId);
    await this.deps.telemetry.recordEvents(
      { mac: gateway.mac, tenantId: gateway.tenant_id },
      { TI: Date.now(), SE: [{ nme: name, val: email.slice(0, 200) }] },
    );
  }

  /** Viewing instructions (diagnostics, camera, logs) need IOT_DEVICE_READ (the route); others more. */
  private assertMayRequest(principal: Principal, type: InstructionType): void {
    if (VIEWING_INSTRUCTION_TYPES.includes(type)) return;
    if (!principal.permissions.has('GATEWAY_INSTRUCTIONS_WRITE')) throw forbidden();
  }

  private async assertStaff(principal: Principal): Promise<void> {
    if (principal.isRoot) return;
    const email = await this.deps.users.emailOf(principal.userId);
    if (!isVendorStaff(email, this.deps.staffDomains)) throw forbidden();
  }

  private async reaches(principal: Principal, tenantId: string): Promise<boolean> {
    const reachable = await this.deps.tenants.reachableTenantIds(principal);
    return !reachable || reachable.has(tenantId);
  }

  private async reachableGateway(principal: Principal, mac: string): Promise<InstructionGateway> {
    const gateway = await this.deps.repo.findGateway(mac);
    if (!gateway || !(await this.reaches(principal, gateway.tenant_id))) throw notFound('Gateway');
    return gateway;
  }

  private async reachableInstruction(
    principal: Principal,
    where: { uid: string },
  ): Promise<OwnedInstruction> {
    const instruction = await this.deps.repo.findOwned(where);
    if (!instruction || !(await this.reaches(principal, instruction.tenant_id)))
      throw notFound('Instruction');
    return instruction;
  }
}
