import type { Readable } from 'node:stream';
import {
  type ApplyResponse,
  FIRMWARE_DESCRIPTION_MAX,
  FIRMWARE_INVALID_NAME,
  FIRMWARE_RULES,
  type FileStore,
  type FirmwareKind,
  type RolloutSettings,
  scopeIdsOf,
  type UploadResponse,
  uploadInfo,
  versionFromFileName,
  versionOrder,
  versionsInUseMessage,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Principal } from '../../lib/principal.ts';
import { type FileStorage, randomFileId } from '../files/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import { FirmwareRepository, publicFile, type StoredFile } from './firmware.repository.ts';
import {
  InspectingStream,
  isPythonBytecode,
  isReadableZipTail,
  looksLikeZipStart,
  ZIP_TAIL_BYTES,
} from './firmware-content.ts';
import { RolloutsRepository } from './rollouts.repository.ts';

/** What a gateway was assigned, and the customer app version it reported (docs/rollouts.md). */
export interface GatewayVersions {
  assignedFirmware: string | null;
  assignedOSversion: string | null;
  assignedCustomerFw: string | null;
  customerFw: string | null;
}

/** A file streamed into storage, checked, not yet recorded. */
export interface ReceivedFile {
  kind: FirmwareKind;
  fileName: string;
  version: string;
  storageKey: string;
  size: number;
  sha256: string;
}

export const firmwareTexts = {
  empty: 'The file is empty.',
  tooLarge: (maxBytes: number) => `The file is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB.`,
  notPyc: 'The file is not compiled Python (.pyc).',
  notZip: 'The file is not a readable .zip archive.',
  description: `Description must be at most ${FIRMWARE_DESCRIPTION_MAX} characters.`,
  info: 'The info part is missing or not valid JSON.',
  noFile: 'The upload part holding the file is missing.',
  typeMismatch: 'The type does not match the version chosen.',
};

/** Versions of the three kinds: upload (streamed, checked), list, delete, and apply to a customer. */
export class FirmwareService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      repo: FirmwareRepository;
      storage: FileStorage;
      tenants: TenantsService;
      logger: Logger;
      maxBytes: number;
      rolloutDefaults: () => RolloutSettings;
      /** Called after an apply committed: the rollout worker looks at once. */
      onApplied?: (rolloutId: string) => void;
    },
  ) {}

  private refuse(
    code: 'VALIDATION_ERROR' | 'CONFLICT' | 'PAYLOAD_TOO_LARGE' | 'NOT_FOUND',
    text: string,
    context: object,
  ): never {
    this.deps.logger.warn({ ...context, reason: text }, 'firmware request refused');
    throw new AppError(code, text);
  }

  /** FIRMWARE_WRITE counts only in the top-level admin tenant (spec 002 section 6): a customer's user is refused. */
  private async assertWriter(principal: Principal): Promise<void> {
    if (principal.isRoot) return;
    const own = await this.deps.tenants.findById(principal.tenantId);
    if (own?.kind !== 'root') {
      this.deps.logger.warn({ userId: principal.userId }, 'firmware write refused outside the admin tenant');
      throw forbidden();
    }
  }

  /** Scope id -> versions applied there (latest first), for the scopes the principal reaches. */
  async latest(principal: Principal, kind: FirmwareKind): Promise<Record<string, FileStore[]>> {
    const reach = await this.deps.tenants.reachableTenantIds(principal);
    const byTenant = await this.deps.repo.versionsByTenant(kind, reach ? [...reach] : null);
    return Object.fromEntries([...byTenant].map(([id, files]) => [id, files.map(publicFile)]));
  }

  async all(kind: FirmwareKind): Promise<FileStore[]> {
    return (await this.deps.repo.listFiles(kind)).map(publicFile);
  }

  /**
   * Streams an upload into storage after checking its name: SHA-256, size cap and content kind checked on the
   * way (a .pyc starts with a Python magic number; a .zip has a readable central directory).
   */
  async receiveFile(
    principal: Principal,
    kind: FirmwareKind,
    fileName: string,
    source: Readable,
  ): Promise<ReceivedFile> {
    const context = { kind, fileName };
    try {
      await this.assertWriter(principal);
    } catch (error) {
      source.resume();
      throw error;
    }
    const version = versionFromFileName(kind, fileName);
    if (!version) {
      source.resume();
      this.refuse('VALIDATION_ERROR', FIRMWARE_INVALID_NAME, context);
    }
    if (await this.deps.repo.versionExists(kind, version)) {
      source.resume();
      this.refuse('CONFLICT', FIRMWARE_RULES[kind].messages.exists, context);
    }
    const storageKey = `firmware/${kind}/${randomFileId()}${FIRMWARE_RULES[kind].extension}`;
    const inspector = new InspectingStream(this.deps.maxBytes);
    source.on('limit', () =>
      inspector.destroy(Object.assign(new Error('file too large'), { tooLarge: true })),
    );
    try {
      await this.deps.storage.putStream(storageKey, source.pipe(inspector));
    } catch (error) {
      source.resume();
      await this.deps.storage.remove(storageKey);
      if (inspector.tooLarge || (error as { tooLarge?: boolean }).tooLarge)
        this.refuse('PAYLOAD_TOO_LARGE', firmwareTexts.tooLarge(this.deps.maxBytes), context);
      throw error;
    }
    // The multipart parser stops at the cap and marks the part truncated.
    if ((source as { truncated?: boolean }).truncated) {
      await this.deps.storage.remove(storageKey);
      this.refuse('PAYLOAD_TOO_LARGE', firmwareTexts.tooLarge(this.deps.maxBytes), context);
    }
    const received = {
      kind,
      fileName,
      version,
      storageKey,
      size: inspector.size,
      sha256: inspector.digest(),
    };
    const problem = await this.contentProblem(received, inspector.head);
    if (problem) {
      await this.deps.storage.remove(storageKey);
      this.refuse('VALIDATION_ERROR', problem, context);
    }
    return received;
  }

  private async contentProblem(file: ReceivedFile, head: Buffer): Promise<string | null> {
    if (file.size === 0) return firmwareTexts.empty;
    if (file.kind === 'firmware') return isPythonBytecode(head, file.size) ? null : firmwareTexts.notPyc;
    if (!looksLikeZipStart(head)) return firmwareTexts.notZip;
    const start = Math.max(0, file.size - ZIP_TAIL_BYTES);
    const opened = await this.deps.storage.open(file.storageKey, { start, end: file.size - 1 });
    if (!opened) return firmwareTexts.notZip;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    return isReadableZipTail(Buffer.concat(chunks), file.size) ? null : firmwareTexts.notZip;
  }

  /** Removes a received file that will not be recorded (a later part failed). */
  async discard(file: ReceivedFile | null): Promise<void> {
    if (file) await this.deps.storage.remove(file.storageKey);
  }

  /**
   * Records a received file with its info: description at most 20 characters, every scope named reachable,
   * the version higher than each named customer's latest, the version new (the unique key decides).
   */
  async completeUpload(
    principal: Principal,
    file: ReceivedFile,
    infoText: string | undefined,
  ): Promise<UploadResponse> {
    const context = { kind: file.kind, fileName: file.fileName, userId: principal.userId };
    try {
      await this.assertWriter(principal);
      let json: unknown = {};
      if (infoText !== undefined) {
        try {
          json = JSON.parse(infoText);
        } catch {
          this.refuse('VALIDATION_ERROR', firmwareTexts.info, context);
        }
      }
      const parsed = uploadInfo.safeParse(json);
      if (!parsed.success) {
        const tooLong = parsed.error.issues.some((i) => i.path[0] === 'description');
        this.refuse('VALIDATION_ERROR', tooLong ? firmwareTexts.description : firmwareTexts.info, context);
      }
      const info = parsed.data;
      const rules = FIRMWARE_RULES[file.kind];
      const scopeIds = scopeIdsOf(info.scopes);
      for (const id of scopeIds) await this.deps.tenants.scopeWithin(principal, id);
      const order = versionOrder(file.version);
      const latest = await this.deps.repo.latestOrders(file.kind, scopeIds);
      if ([...latest.values()].some((existing) => existing >= order))
        this.refuse('CONFLICT', rules.messages.downgrade, context);
      const stored = await this.deps.repo.insertFile({
        kind: file.kind,
        type: rules.type,
        name: rules.uploadName,
        fileName: file.fileName,
        version: file.version,
        order,
        description: info.description ?? '',
        size: file.size,
        sha256: file.sha256,
        storageKey: file.storageKey,
        uploadedBy: principal.userId,
      });
      if (!stored) this.refuse('CONFLICT', rules.messages.exists, context);
      this.deps.logger.info({ ...context, version: file.version, sha256: file.sha256 }, 'firmware uploaded');
      return { ...publicFile(stored), scopes: scopeIds };
    } catch (error) {
      await this.discard(file);
      throw error;
    }
  }

  /**
   * Applies a version to one customer: raises its latest version (one statement refuses a downgrade or the
   * same version), records the version in its list and starts a rollout to its gateways, all in one
   * transaction.
   */
  async apply(
    principal: Principal,
    kind: FirmwareKind,
    params: { fileStoreId: string; scopeId: string },
    body: { fileStoreId?: string; type?: string; rollout?: Partial<RolloutSettings> },
  ): Promise<ApplyResponse> {
    const context = { kind, ...params, userId: principal.userId };
    await this.assertWriter(principal);
    const scope = await this.deps.tenants.scopeWithin(principal, params.scopeId);
    const file = isUuid(params.fileStoreId) ? await this.deps.repo.findFile(params.fileStoreId) : null;
    if (!file || file.kind !== kind) this.refuse('NOT_FOUND', 'Version not found', context);
    if (body.fileStoreId && body.fileStoreId !== file.id)
      this.refuse('VALIDATION_ERROR', firmwareTexts.typeMismatch, context);
    const types = kind === 'osPatch' ? ['Partial', 'Firmware'] : [file.type];
    if (body.type && !types.includes(body.type))
      this.refuse('VALIDATION_ERROR', firmwareTexts.typeMismatch, context);
    const settings = { ...this.deps.rolloutDefaults(), ...body.rollout };
    const result = await this.deps.db.transaction().execute(async (trx) => {
      const raised = await FirmwareRepository.raiseLatest(trx, scope.id, file, versionOrder(file.version));
      if (!raised) return null;
      return RolloutsRepository.create(trx, {
        tenantId: scope.id,
        file,
        settings,
        createdBy: principal.userId,
      });
    });
    if (!result) this.refuse('CONFLICT', FIRMWARE_RULES[kind].messages.downgrade, context);
    this.deps.logger.info({ ...context, version: file.version, rolloutId: result.id }, 'firmware applied');
    this.deps.onApplied?.(result.id);
    return {
      scopeId: scope.id,
      fileStoreId: file.id,
      version: file.version,
      type: file.type,
      rolloutId: result.id,
      gateways: result.gateways,
    };
  }

  /**
   * Deletes the listed versions (and their files), or none of them when a running or paused rollout uses one:
   * 409 naming those rollouts.
   */
  async deleteVersions(principal: Principal, kind: FirmwareKind, versions: string[]): Promise<string[]> {
    const context = { kind, versions, userId: principal.userId };
    await this.assertWriter(principal);
    const { deleted, inUse } = await this.deps.repo.deleteVersions(kind, [...new Set(versions)]);
    if (inUse.length > 0) {
      const names = await this.deps.repo.tenantNames([...new Set(inUse.map((r) => r.tenantId))]);
      const rollouts = inUse.map((r) => ({ ...r, customer: names.get(r.tenantId) ?? r.tenantId }));
      this.refuse('CONFLICT', versionsInUseMessage(kind, rollouts), context);
    }
    if (deleted.length === 0) this.refuse('NOT_FOUND', 'Version not found', context);
    for (const { storageKey } of deleted) await this.deps.storage.remove(storageKey);
    this.deps.logger.info({ ...context, deleted: deleted.map((d) => d.version) }, 'firmware deleted');
    return deleted.map((d) => d.version);
  }

  /**
   * The versions assigned to each gateway (its customer's latest applied ones) and the customer app version
   * it last reported. For gateways the caller already reaches (the gateways list checked that).
   */
  async gatewayVersions(
    gateways: { mac: string; tenantId: string }[],
  ): Promise<Map<string, GatewayVersions>> {
    const [assigned, apps] = await Promise.all([
      this.deps.repo.assignedVersions([...new Set(gateways.map((g) => g.tenantId))]),
      this.deps.repo.reportedCustomerApps(gateways.map((g) => g.mac)),
    ]);
    return new Map(
      gateways.map((g) => {
        const versions = assigned.get(g.tenantId) ?? {};
        return [
          g.mac,
          {
            assignedFirmware: versions.firmware ?? null,
            assignedOSversion: versions.osPatch ?? null,
            assignedCustomerFw: versions.customerFw ?? null,
            customerFw: apps.get(g.mac) ?? null,
          },
        ];
      }),
    );
  }

  /** The stored file of a version, for downloads. */
  findFile(id: string): Promise<StoredFile | null> {
    return this.deps.repo.findFile(id);
  }
}
