import {
  type DeviceStateMessage,
  deviceDown,
  type FirmwareKind,
  isKnownTimeZone,
  live,
  MAINTENANCE_WINDOW_TEXTS,
  type MaintenanceWindow,
  type RolloutCounts,
  type RolloutView,
  rolloutMessages,
  type UpdateInstruction,
  type UpdateProgressMessage,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { EventEmitting } from '../../lib/events.ts';
import { isUuid } from '../../lib/ids.ts';
import type { DevicePublisher, LivePublisher } from '../../lib/live.ts';
import type { DeviceIdentity, Principal } from '../../lib/principal.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { FirmwareRepository } from './firmware.repository.ts';
import { insideWindow } from './maintenance-window.ts';
import { type Notified, RolloutEngineRepository } from './rollout-engine.repository.ts';
import type { RolloutRow, RolloutsRepository } from './rollouts.repository.ts';

const emptyCounts = (): RolloutCounts => ({
  eligible: 0,
  online: 0,
  notified: 0,
  downloading: 0,
  installing: 0,
  verifying: 0,
  verified: 0,
  failed: 0,
  rolledBack: 0,
  unreached: 0,
  pending: 0,
  left: 0,
});

/** Which counter each target state adds to. */
const COUNTER: Record<string, keyof RolloutCounts> = {
  pending: 'pending',
  notified: 'notified',
  downloading: 'downloading',
  downloaded: 'downloading',
  installing: 'installing',
  rebooting: 'installing',
  verifying: 'verifying',
  verified: 'verified',
  failed: 'failed',
  rolledBack: 'rolledBack',
  unreached: 'unreached',
  left: 'left',
};

/**
 * Staged rollouts (docs/rollouts.md): the worker that moves them (waves, concurrency, pace, health window,
 * failure threshold, maintenance window), the gateways' progress, the views and controls, the downloads.
 */
export class RolloutsService {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  /** Rollouts with news for the browsers since the last tick. */
  private readonly dirty = new Map<string, string>();

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      rollouts: RolloutsRepository;
      engine: RolloutEngineRepository;
      files: FirmwareRepository;
      tenants: TenantsService;
      live: LivePublisher;
      devices: DevicePublisher;
      logger: Logger;
      origin: () => string;
      downloadTtlMs: number;
      tickMs: number;
      /** Tells rollout.wave / rollout.paused / rollout.finished to the outbound webhooks (docs/webhooks.md). */
      events?: EventEmitting;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.deps.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One look at every due rollout; concurrent calls share the look under way. */
  tick(): Promise<void> {
    this.running ??= this.look()
      .catch((error) => this.deps.logger.error({ err: error }, 'rollout tick failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async look(): Promise<void> {
    if (!(await RolloutEngineRepository.anyDue(this.deps.db))) return;
    const sends: { rollout: RolloutRow; notified: Notified[] }[] = [];
    const verified: { rollout: RolloutRow; macs: string[] }[] = [];
    const ended: RolloutRow[] = [];
    const notable: { rollout: RolloutRow; type: 'rollout.wave' | 'rollout.paused'; reason?: string }[] = [];
    await this.deps.db.transaction().execute(async (trx) => {
      for (const rollout of await RolloutEngineRepository.claimDue(trx, 20)) {
        const step = await this.step(trx, rollout);
        if (step.notable) notable.push({ rollout, ...step.notable });
        if (step.notified.length > 0) sends.push({ rollout, notified: step.notified });
        if (step.verified.length > 0) verified.push({ rollout, macs: step.verified });
        if (step.ended) ended.push(rollout);
        if (step.changed) this.dirty.set(rollout.id, rollout.tenant_id);
      }
    });
    for (const { rollout, notified } of sends) await this.send(rollout, notified);
    for (const { rollout, macs } of verified)
      for (const macId of macs)
        this.deps.live.publish(live.firmwareUpgraded(rollout.tenant_id), {
          type: 'gatewayUpdated',
          kind: rollout.kind,
          version: rollout.version,
          macId,
          rolloutId: rollout.id,
        });
    for (const rollout of ended)
      this.deps.live.publish(live.firmwareUpgraded(rollout.tenant_id), {
        type: 'rolloutEnded',
        kind: rollout.kind,
        version: rollout.version,
        rolloutId: rollout.id,
      });
    for (const { rollout, type, reason } of notable)
      await this.tellNotable(rollout, type, { reason: reason ?? null });
    for (const rollout of ended) await this.tellNotable(rollout, 'rollout.finished', {});
    for (const [rolloutId, tenantId] of this.dirty)
      this.deps.live.publish(live.firmwareUpgraded(tenantId), { type: 'rolloutProgress', rolloutId });
    this.dirty.clear();
  }

  /** One rollout, inside the transaction holding its row. */
  private async step(trx: Kysely<Database>, rollout: RolloutRow) {
    const settings = rollout.settings;
    let changed = (await RolloutEngineRepository.markLeft(trx, rollout)) > 0;
    changed = (await RolloutEngineRepository.failOverdue(trx, rollout)) > 0 || changed;
    const verifiedMacs = await RolloutEngineRepository.verify(trx, rollout);
    changed ||= verifiedMacs.length > 0;
    changed = (await RolloutEngineRepository.markUnreached(trx, rollout)) > 0 || changed;
    const wave = await RolloutEngineRepository.waveState(trx, rollout);
    const failures =
      wave.failures - (rollout as RolloutRow & { failures_acknowledged: number }).failures_acknowledged;
    const byPercent = wave.size > 0 && (failures * 100) / wave.size > settings.failureThresholdPercent;
    const byCount = settings.failureThresholdCount !== null && failures > settings.failureThresholdCount;
    if (failures > 0 && (byPercent || byCount)) {
      const limit = byCount
        ? `more than ${settings.failureThresholdCount}`
        : `more than ${settings.failureThresholdPercent} %`;
      const reason = `Wave ${rollout.current_wave + 1}: ${failures} of ${wave.size} gateways failed (${limit})`;
      await RolloutEngineRepository.pause(trx, rollout.id, reason);
      this.deps.logger.warn({ rolloutId: rollout.id, reason }, 'rollout paused on failures');
      const notable = { type: 'rollout.paused' as const, reason };
      return { notified: [], verified: verifiedMacs, ended: false, changed: true, notable };
    }
    if (wave.open === 0) {
      await RolloutEngineRepository.advance(trx, rollout, wave.later > 0);
      const notable = wave.later > 0 ? { type: 'rollout.wave' as const } : undefined;
      return { notified: [], verified: verifiedMacs, ended: wave.later === 0, changed: true, notable };
    }
    const window = await this.deps.engine.maintenanceWindow(rollout.tenant_id, trx);
    if (window && !insideWindow(window, new Date()))
      return { notified: [], verified: verifiedMacs, ended: false, changed };
    const notified = await RolloutEngineRepository.notify(
      trx,
      rollout,
      settings.concurrency - wave.in_flight,
      this.deps.downloadTtlMs,
    );
    return { notified, verified: verifiedMacs, ended: false, changed: changed || notified.length > 0 };
  }

  /** A rollout's wave done (the next begins), its pause or its end, as `notable` (after the commit). */
  private async tellNotable(
    rollout: RolloutRow,
    type: 'rollout.wave' | 'rollout.paused' | 'rollout.finished',
    extra: Record<string, unknown>,
  ): Promise<void> {
    await this.deps.events?.emit('notable', {
      tenantId: rollout.tenant_id,
      type,
      occurredAt: Date.now(),
      data: {
        rolloutId: rollout.id,
        kind: rollout.kind,
        version: rollout.version,
        wave: rollout.current_wave + 1,
        ...extra,
      },
    });
  }

  /** The update instruction to each notified gateway (QoS 1; a gateway that reconnects gets it again). */
  private async send(rollout: RolloutRow, notified: Notified[]): Promise<void> {
    const file = rollout.file_id ? await this.deps.files.findFile(rollout.file_id) : null;
    if (!file) return;
    for (const target of notified) {
      const instruction: UpdateInstruction = {
        uid: target.uid,
        kind: rollout.kind as FirmwareKind,
        version: rollout.version,
        size: file.size,
        sha256: file.sha256,
        url: `${this.deps.origin()}/api/firmware-download/${target.uid}`,
        expiresAt: target.expiresAt.getTime(),
      };
      await this.deps.devices
        .publishToDevices(deviceDown.update(target.mac), instruction, 1)
        .catch((error) =>
          this.deps.logger.warn({ err: error, mac: target.mac }, 'update instruction not sent'),
        );
    }
  }

  /** A reconnecting gateway gets the instructions it was notified of and has not started (same uid). */
  async gatewayOnline(device: DeviceIdentity): Promise<void> {
    for (const target of await this.deps.engine.inFlightOf(device.mac)) {
      const rollout = await this.deps.rollouts.find(target.rollout_id);
      const download = await this.deps.engine.download(target.uid);
      if (!rollout || !download?.download_expires_at) continue;
      await this.send(rollout, [
        { mac: device.mac, uid: target.uid, expiresAt: new Date(download.download_expires_at) },
      ]);
    }
  }

  /** A gateway's progress (ingest's UpdateInbox port). */
  async progress(
    device: DeviceIdentity,
    message: UpdateProgressMessage,
  ): Promise<'recorded' | 'unknown update'> {
    const recorded = await this.deps.engine.recordProgress(device.mac, message);
    if (recorded) {
      this.dirty.set(recorded.rolloutId, recorded.tenantId);
      return 'recorded';
    }
    // A repeat of a message about an update that already ended changes nothing and is not an error.
    return (await this.deps.engine.knowsUpdate(device.mac, message.uid)) ? 'recorded' : 'unknown update';
  }

  /**
   * A gateway's state (ingest's UpdateInbox port): its firmware or OS equal to the version of an update it is
   * installing or rebooting into counts as booted, in case its `booted` report was lost (docs/rollouts.md).
   */
  async stateReported(device: DeviceIdentity, state: DeviceStateMessage): Promise<void> {
    if (!state.FW && !state.OS) return;
    const running = { FW: state.FW, OS: state.OS };
    for (const confirmed of await this.deps.engine.confirmBootFromState(device.mac, running)) {
      this.dirty.set(confirmed.rolloutId, confirmed.tenantId);
      this.deps.logger.info(
        { mac: device.mac, rolloutId: confirmed.rolloutId, ...running },
        'boot confirmed by the gateway state',
      );
    }
  }

  // --- Views and controls ---

  private async reachable(principal: Principal, id: string): Promise<RolloutRow> {
    const rollout = isUuid(id) ? await this.deps.rollouts.find(id) : null;
    if (!rollout) throw notFound('Rollout');
    await this.deps.tenants.scopeWithin(principal, rollout.tenant_id).catch(() => {
      throw notFound('Rollout');
    });
    return rollout;
  }

  private async assertWriter(principal: Principal): Promise<void> {
    if (principal.isRoot) return;
    const own = await this.deps.tenants.findById(principal.tenantId);
    if (own?.kind !== 'root') throw forbidden();
  }

  async view(rollout: RolloutRow): Promise<RolloutView> {
    const total = emptyCounts();
    const waves = new Map<number, RolloutCounts>();
    for (const row of await this.deps.rollouts.counts(rollout.id)) {
      const wave = waves.get(row.wave) ?? emptyCounts();
      waves.set(row.wave, wave);
      for (const counts of [total, wave]) {
        const key = COUNTER[row.state] ?? 'pending';
        counts[key] += row.n;
        if (row.state !== 'left') {
          counts.eligible += row.n;
          counts.online += row.online;
        }
      }
    }
    return {
      id: rollout.id,
      scopeId: rollout.tenant_id,
      kind: rollout.kind,
      version: rollout.version,
      status: rollout.status,
      pauseReason: rollout.pause_reason,
      currentWave: rollout.current_wave,
      settings: rollout.settings,
      createdAt: new Date(rollout.created_at).toISOString(),
      total,
      waves: [...waves].sort(([a], [b]) => a - b).map(([wave, counts]) => ({ wave, ...counts })),
      failures: (await this.deps.rollouts.failures(rollout.id)).map((f) => ({
        macId: f.gateway_mac,
        state: f.state,
        reason: f.reason,
        wave: f.wave,
      })),
    };
  }

  async list(principal: Principal, scopeId: string, kind?: FirmwareKind): Promise<RolloutView[]> {
    const scope = await this.deps.tenants.scopeWithin(principal, scopeId);
    const rows = await this.deps.rollouts.listFor(scope.id, kind);
    return Promise.all(rows.map((r) => this.view(r)));
  }

  async get(principal: Principal, id: string): Promise<RolloutView> {
    return this.view(await this.reachable(principal, id));
  }

  async control(
    principal: Principal,
    id: string,
    action: 'pause' | 'resume' | 'cancel',
  ): Promise<RolloutView> {
    await this.assertWriter(principal);
    const rollout = await this.reachable(principal, id);
    if (action === 'resume') await this.deps.engine.acknowledgeFailures(id);
    const reason =
      action === 'pause' ? 'Paused by an operator' : action === 'cancel' ? 'Cancelled by an operator' : null;
    const updated = await this.deps.rollouts.setStatus(id, action, reason);
    if (!updated) throw new AppError('CONFLICT', rolloutMessages[`${action}Refused`]);
    this.deps.logger.info({ rolloutId: id, action, userId: principal.userId }, 'rollout control');
    if (action === 'pause') await this.tellNotable(updated, 'rollout.paused', { reason });
    this.deps.live.publish(live.firmwareUpgraded(rollout.tenant_id), {
      type: 'rolloutProgress',
      rolloutId: id,
    });
    if (action === 'resume') void this.tick();
    return this.view(updated);
  }

  async selectNext(principal: Principal, id: string, count: number): Promise<RolloutView> {
    await this.assertWriter(principal);
    const rollout = await this.reachable(principal, id);
    if (rollout.status !== 'running')
      throw new AppError('CONFLICT', `A ${rollout.status} rollout takes no gateways.`);
    await this.deps.engine.pullIntoCurrentWave(rollout, count);
    void this.tick();
    return this.get(principal, id);
  }

  async maintenanceWindow(principal: Principal, scopeId: string): Promise<MaintenanceWindow | null> {
    const scope = await this.deps.tenants.scopeWithin(principal, scopeId);
    const row = await this.deps.engine.maintenanceWindow(scope.id);
    return row
      ? { timeZone: row.time_zone, days: row.days, startMinute: row.start_minute, endMinute: row.end_minute }
      : null;
  }

  async setMaintenanceWindow(principal: Principal, scopeId: string, window: MaintenanceWindow | null) {
    await this.assertWriter(principal);
    const scope = await this.deps.tenants.scopeWithin(principal, scopeId);
    if (window && !isKnownTimeZone(window.timeZone))
      throw new AppError('VALIDATION_ERROR', MAINTENANCE_WINDOW_TEXTS.unknownZone);
    await this.deps.engine.setMaintenanceWindow(scope.id, window);
    return window;
  }
}
