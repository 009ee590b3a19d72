import { createHash } from 'node:crypto';
import {
  deviceDown,
  deviceUp,
  type FirmwareKind,
  type UpdateInstruction,
  type UpdateProgressMessage,
  updateInstruction,
} from '@portal/contract';
import { chance, type Random } from './random.ts';
import type { Timers } from './timers.ts';

/** The failures a fleet has during updates, each a probability per update (0 to 1). */
export interface FirmwareFailureRates {
  /** The download is cut half way (the gateway resumes it with an HTTP range request). */
  downloadCut: number;
  /** The bytes do not match the SHA-256 (the gateway refuses the image). */
  checksumMismatch: number;
  /** Writing the image fails. */
  installError: number;
  /** The new image does not boot: the gateway rolls back to the old version. */
  bootFailure: number;
  /**
   * The new image boots but its `booted` report is lost (never sent): the portal sees the new version only in
   * the gateway's state (docs/rollouts.md).
   */
  bootedReportLost: number;
}

export const NO_FIRMWARE_FAILURES: FirmwareFailureRates = {
  downloadCut: 0,
  checksumMismatch: 0,
  installError: 0,
  bootFailure: 0,
  bootedReportLost: 0,
};

export interface FirmwareUpdaterOptions {
  firmware: {
    failures: FirmwareFailureRates;
    /** How long installing takes. */
    installMs: number;
  };
  logger: { warn(message: string): void; info(message: string): void };
}

/** The versions a gateway runs: FW and OS are in its state; the customer app only in its update reports. */
export interface RunningVersions {
  FW?: string;
  OS?: string;
}

interface Awaiting {
  uid: string;
  kind: FirmwareKind;
  version: string;
  previous: string | undefined;
  bootFails: boolean;
}

/**
 * The update side of a simulated gateway (docs/mqtt.md 3.8): it takes the update instruction on
 * `gateways/{mac}/receive/update`, downloads the file from its signed URL (resuming a cut download with a
 * range request), checks the SHA-256, installs, reboots, and after reconnecting reports the version it runs.
 * Each failure of FirmwareFailureRates happens at its rate; an instruction it already took is ignored.
 */
export class FirmwareUpdater {
  readonly filter: string;
  private readonly seen = new Set<string>();
  private busy = false;
  private awaitingBoot: Awaiting | undefined;
  private customerApp: string | undefined;
  /** The newest progress report the broker did not take (sent again after the next connect). */
  private unsent: Omit<UpdateProgressMessage, 'TI'> | undefined;

  constructor(
    private readonly mac: string,
    private readonly timers: Timers,
    private readonly options: FirmwareUpdaterOptions,
    private readonly random: Random,
    private readonly link: { publishJson(topic: string, payload: unknown): Promise<boolean> },
    private readonly device: {
      versions: RunningVersions;
      /** Reboots the gateway: it goes away and comes back (then `afterConnect` runs). */
      reboot(): Promise<void>;
    },
  ) {
    this.filter = deviceDown.update(mac);
  }

  /** True when the message was on the update topic (and so handled here). */
  handled(topic: string, payload: string): boolean {
    if (topic !== this.filter) return false;
    let parsed: UpdateInstruction;
    try {
      parsed = updateInstruction.parse(JSON.parse(payload));
    } catch (error) {
      this.options.logger.warn(`${this.mac}: bad update instruction: ${(error as Error).message}`);
      return true;
    }
    if (this.seen.has(parsed.uid) || this.busy) return true;
    this.seen.add(parsed.uid);
    this.busy = true;
    void this.run(parsed)
      .catch((error) => this.options.logger.warn(`${this.mac}: update failed: ${(error as Error).message}`))
      .finally(() => {
        this.busy = false;
      });
    return true;
  }

  /** The customer app version this gateway runs (none until one is installed). */
  get customerAppVersion(): string | undefined {
    return this.customerApp;
  }

  /**
   * After every connect: a report that could not be sent (the gateway was offline) goes out now, then an
   * update waiting for its reboot reports the version now running.
   */
  async afterConnect(): Promise<void> {
    const unsent = this.unsent;
    if (unsent) await this.progress(unsent);
    const awaiting = this.awaitingBoot;
    if (!awaiting) return;
    this.awaitingBoot = undefined;
    if (awaiting.bootFails) {
      await this.progress({
        uid: awaiting.uid,
        status: 'rolledBack',
        version: awaiting.previous,
        reason: `The new image did not boot; rolled back to ${awaiting.previous ?? 'the previous version'}`,
      });
      return;
    }
    // Drawn only when the rate is set, so a fleet without it keeps its seeded sequence of failures.
    const lost = this.options.firmware.failures.bootedReportLost;
    if (lost > 0 && chance(this.random, lost)) {
      this.options.logger.info(`${this.mac}: booted report for update ${awaiting.uid} lost`);
      return;
    }
    await this.progress({ uid: awaiting.uid, status: 'booted', version: awaiting.version });
  }

  /** Publishes a report; one the broker did not take is kept (the newest only) for the next connect. */
  private async progress(message: Omit<UpdateProgressMessage, 'TI'>): Promise<boolean> {
    const sent = await this.link.publishJson(deviceUp.update(this.mac), { ...message, TI: Date.now() });
    this.unsent = sent ? undefined : message;
    return sent;
  }

  private async run(update: UpdateInstruction): Promise<void> {
    const failures = this.options.firmware.failures;
    await this.progress({ uid: update.uid, status: 'downloading', percent: 0 });
    const digest = await this.download(update, chance(this.random, failures.downloadCut));
    if (digest === null) {
      await this.progress({ uid: update.uid, status: 'failed', reason: 'Download failed' });
      return;
    }
    const corrupt = chance(this.random, failures.checksumMismatch);
    if (corrupt || digest !== update.sha256) {
      await this.progress({ uid: update.uid, status: 'failed', reason: 'Checksum mismatch' });
      return;
    }
    await this.progress({ uid: update.uid, status: 'downloaded', percent: 100 });
    await this.progress({ uid: update.uid, status: 'installing' });
    await new Promise<void>((resolve) =>
      this.timers.once(`install-${update.uid}`, this.options.firmware.installMs, resolve),
    );
    if (chance(this.random, failures.installError)) {
      await this.progress({
        uid: update.uid,
        status: 'failed',
        reason: 'Install error: image could not be written',
      });
      return;
    }
    const previous = this.current(update.kind);
    const bootFails = chance(this.random, failures.bootFailure);
    if (!bootFails) this.install(update.kind, update.version);
    this.awaitingBoot = { uid: update.uid, kind: update.kind, version: update.version, previous, bootFails };
    await this.progress({ uid: update.uid, status: 'rebooting' });
    await this.device.reboot();
  }

  private current(kind: FirmwareKind): string | undefined {
    if (kind === 'firmware') return this.device.versions.FW;
    if (kind === 'osPatch') return this.device.versions.OS;
    return this.customerApp;
  }

  private install(kind: FirmwareKind, version: string): void {
    if (kind === 'firmware') this.device.versions.FW = version;
    else if (kind === 'osPatch') this.device.versions.OS = version;
    else this.customerApp = version;
  }

  /**
   * Streams the file, hashing it; with `cut`, the first attempt stops half way and the rest is fetched with
   * `Range: bytes={received}-`. Null when the server refuses or the bytes run short.
   */
  private async download(update: UpdateInstruction, cut: boolean): Promise<string | null> {
    const hash = createHash('sha256');
    let received = 0;
    for (let attempt = 0; attempt < 3 && received < update.size; attempt++) {
      const headers: Record<string, string> = received > 0 ? { Range: `bytes=${received}-` } : {};
      let response: Response;
      try {
        response = await fetch(update.url, { headers });
      } catch {
        continue;
      }
      if (response.status !== (received > 0 ? 206 : 200) || !response.body) {
        await response.body?.cancel();
        this.options.logger.warn(`${this.mac}: download answered ${response.status}`);
        return null;
      }
      const stopAt = cut && attempt === 0 ? Math.floor(update.size / 2) : Number.POSITIVE_INFINITY;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const take = Math.min(value.length, stopAt - received);
        hash.update(value.subarray(0, take));
        received += take;
        if (received >= stopAt) {
          await reader.cancel();
          break;
        }
      }
    }
    return received === update.size ? hash.digest('hex') : null;
  }
}
