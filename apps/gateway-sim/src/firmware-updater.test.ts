import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FirmwareUpdater, NO_FIRMWARE_FAILURES } from './firmware-updater.ts';
import { seededRandom } from './random.ts';
import { Timers } from './timers.ts';

const MAC = 'AA00000000F2';
const image = Buffer.alloc(4096, 7);
const server = createServer((_request, response) => response.end(image));
afterEach(() => {
  server.close();
});

describe('FirmwareUpdater', () => {
  it('sends a report it could not send (offline) after the next connect, then its booted version', async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const reports: { status: string; version?: string }[] = [];
    let online = true;
    let rebooted = false;
    const updater = new FirmwareUpdater(
      MAC,
      new Timers(),
      { firmware: { failures: NO_FIRMWARE_FAILURES, installMs: 10 }, logger: { info() {}, warn() {} } },
      seededRandom(1),
      {
        publishJson: async (_topic, payload) => {
          const report = payload as { status: string };
          // The connection is lost just as the gateway first says it reboots.
          if (report.status === 'rebooting' && !rebooted) online = false;
          if (!online) return false;
          reports.push(payload as { status: string; version?: string });
          return true;
        },
      },
      {
        versions: { FW: '20250101' },
        reboot: async () => {
          rebooted = true;
        },
      },
    );
    const instruction = {
      uid: 'a'.repeat(32),
      kind: 'firmware',
      version: '20250304',
      size: image.length,
      sha256: createHash('sha256').update(image).digest('hex'),
      url: `http://127.0.0.1:${port}/image`,
      expiresAt: Date.now() + 60_000,
    };
    expect(updater.handled(`gateways/${MAC}/receive/update`, JSON.stringify(instruction))).toBe(true);
    await expect.poll(() => rebooted).toBe(true);
    expect(reports.map((r) => r.status)).toEqual(['downloading', 'downloaded', 'installing']);

    online = true;
    await updater.afterConnect();
    expect(reports.slice(3)).toMatchObject([
      { status: 'rebooting' },
      { status: 'booted', version: '20250304' },
    ]);
    // Nothing is sent twice.
    await updater.afterConnect();
    expect(reports).toHaveLength(5);
  });

  it('told to lose the booted report, runs the new version (its state says so) and sends no booted', async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const reports: { status: string; version?: string }[] = [];
    const versions = { FW: '20250101' };
    let reboots = 0;
    const updater = new FirmwareUpdater(
      MAC,
      new Timers(),
      {
        firmware: { failures: { ...NO_FIRMWARE_FAILURES, bootedReportLost: 1 }, installMs: 10 },
        logger: { info() {}, warn() {} },
      },
      seededRandom(1),
      {
        publishJson: async (_topic, payload) => {
          reports.push(payload as { status: string; version?: string });
          return true;
        },
      },
      {
        versions,
        reboot: async () => {
          reboots++;
        },
      },
    );
    const instruction = {
      uid: 'b'.repeat(32),
      kind: 'firmware',
      version: '20250304',
      size: image.length,
      sha256: createHash('sha256').update(image).digest('hex'),
      url: `http://127.0.0.1:${port}/image`,
      expiresAt: Date.now() + 60_000,
    };
    expect(updater.handled(`gateways/${MAC}/receive/update`, JSON.stringify(instruction))).toBe(true);
    await expect.poll(() => reboots).toBe(1);
    await updater.afterConnect();
    await updater.afterConnect();
    expect(reports.map((r) => r.status)).toEqual(['downloading', 'downloaded', 'installing', 'rebooting']);
    // The image booted: the state the gateway reports carries the new firmware.
    expect(versions.FW).toBe('20250304');
  });
});
