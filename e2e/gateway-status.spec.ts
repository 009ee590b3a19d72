import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import {
  chooseMoreAction,
  DEMO_CUSTOMER,
  gatewayCard,
  openGatewayGrid,
  scopeIdByName,
  seeText,
} from './support/gateway-details.ts';
import { ROOT_EMAIL, type RunningPortal, startPortal } from './support/portal.ts';

/**
 * The gateway status dialog against the in-process simulator: every command with its notice and the state the
 * gateway reports back, scan frequency and RSSI at both bounds, whitelist (typed, '*', CSV), clear blacklist,
 * restart, force probe, ScannedData.csv and the activity feed.
 */
let portal: RunningPortal;
let files: string;
beforeAll(async () => {
  portal = await startPortal();
  files = await mkdtemp(join(tmpdir(), 'e2e-status-'));
});
afterAll(async () => {
  await portal?.stop();
  await rm(files, { recursive: true, force: true });
});

/** A state change (a scan is 3 s in the simulator, a restart 3 s away). */
const STATE_TIMEOUT_MS = 15_000;

async function openStatus(page: Page, gatewayName: string): Promise<Locator> {
  await signInAsRoot(page);
  await openGatewayGrid(page, await scopeIdByName(page, DEMO_CUSTOMER));
  await chooseMoreAction(gatewayCard(page, gatewayName), 'Gateway status');
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Gateway Status - ${gatewayName}`) });
  await dialog.waitFor();
  return dialog;
}

const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });
const stateOf = (dialog: Locator) => field(dialog, 'Current State').innerText();

async function waitForState(dialog: Locator, state: string | RegExp): Promise<void> {
  await expect.poll(() => stateOf(dialog), { timeout: STATE_TIMEOUT_MS }).toMatch(state);
}

async function command(dialog: Locator, name: string): Promise<void> {
  await dialog
    .getByRole('toolbar', { name: 'Gateway commands' })
    .getByRole('button', { name, exact: true })
    .click();
}

describe('Gateway status dialog', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('scans, force probes and forces idle with the notices and the state coming back live; ScannedData.csv; the feed', async () => {
    const { page } = browser;
    const dialog = await openStatus(page, 'Demo Gateway 1');
    await waitForState(dialog, 'IdleState');

    await command(dialog, 'Scan');
    await seeText(page, 'Gateway Scanning started ...');
    // The gateway's scan events refresh the activity feed.
    await seeText(page, 'Refreshing Activity Logs');
    await waitForState(dialog, 'ScanningState');
    await waitForState(dialog, 'IdleState');

    // The finished scan is what ScannedData.csv and force probe offer.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      command(dialog, 'Download ScannedData.csv'),
    ]);
    expect(download.suggestedFilename()).toBe('ScannedData.csv');
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    const [header, firstLock] = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toBe('Lock Name,MAC,RSSI,Time');
    expect(firstLock).toMatch(/^[^,]+,[0-9A-F]{12},-\d+,\d{4}-\d{2}-\d{2}T/);

    await command(dialog, 'Force Probe');
    const probe = page.getByRole('dialog', { name: 'Force Probe - Demo Gateway 1' });
    await probe.getByRole('button', { name: 'Probe', exact: true }).click();
    await seeText(page, 'Please select valid locks for force probe');
    await probe.getByRole('list', { name: 'Scanned locks' }).getByRole('checkbox').first().check();
    await probe.getByRole('button', { name: 'Probe', exact: true }).click();
    await seeText(page, 'Successfully published force probe');
    await waitForState(dialog, 'LockProbingState');
    await waitForState(dialog, 'IdleState');

    await command(dialog, 'Scan');
    await waitForState(dialog, 'ScanningState');
    await command(dialog, 'Force Idle');
    await seeText(page, 'Gateway has been Forced to Idle ...');
    await waitForState(dialog, 'IdleState');

    // Activity feed (root user): the commands with the user's e-mail, refreshed by the gateway's events.
    const feed = dialog.getByRole('region', { name: 'Activity Feed' });
    await feed.getByText('Scan requested').first().waitFor();
    await feed
      .getByText(new RegExp(`By ${ROOT_EMAIL}`))
      .first()
      .waitFor();
    await expect.poll(() => feed.getByRole('tab', { name: /^Events\(\d+\)$/ }).count()).toBe(1);
    await expect.poll(() => feed.getByRole('tab', { name: /^Alerts\(\d+\)$/ }).count()).toBe(1);
    await feed.getByLabel('Search').fill('force idle');
    await feed.getByText('Force idle requested').waitFor();
    await expect.poll(() => feed.getByText('Scan requested').count()).toBe(0);
    await feed.getByLabel('Interval').click();
    const intervals = await page.getByRole('option').allInnerTexts();
    expect(intervals).toEqual(['1 hour', '6 hours', '24 hours', '1 week', '2 weeks', '1 month', '3 months']);
    await page.getByRole('option', { name: '1 week' }).click();
    await feed.getByText('Force idle requested').waitFor();
    await saveScreenshot(page, 'gateway-status-commands');
  });

  it('checks scan frequency and RSSI at both bounds and applies them only in IdleState', async () => {
    const { page } = browser;
    const dialog = await openStatus(page, 'Demo Gateway 2');
    await waitForState(dialog, 'IdleState');
    const frequency = field(dialog, 'Scan Frequency (minutes)');
    const applyFrequency = dialog.getByRole('button', { name: 'Apply Scan Frequency' });
    const rssi = field(dialog, 'Rssi Value');

    // Scan threshold (TOP_LEVEL_SCOPE_READ): 10 to 100 in steps of 10, default 10.
    await dialog.getByLabel('Scan Threshold').click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([
      '10',
      '20',
      '30',
      '40',
      '50',
      '60',
      '70',
      '80',
      '90',
      '100',
    ]);
    await page.getByRole('option', { name: '10', exact: true }).click();
    const applyRssi = dialog.getByRole('button', { name: 'Apply Rssi Value' });

    await frequency.fill('0');
    await dialog.getByText('Invalid Scan Frequency').waitFor();
    expect(await applyFrequency.isDisabled()).toBe(true);
    await frequency.fill('10801');
    await dialog.getByText('Value must be below 10800').waitFor();
    expect(await applyFrequency.isDisabled()).toBe(true);
    await frequency.fill('1');
    await applyFrequency.click();
    await seeText(page, 'Applying Scan Frequency ...');
    await expect.poll(() => frequency.inputValue(), { timeout: STATE_TIMEOUT_MS }).toBe('1');
    await frequency.fill('10800');
    await applyFrequency.click();
    await expect.poll(() => frequency.inputValue(), { timeout: STATE_TIMEOUT_MS }).toBe('10800');
    // Unchanged: nothing to apply.
    expect(await applyFrequency.isDisabled()).toBe(true);

    await rssi.fill('-1001');
    await dialog.getByText('Invalid Scan Frequency').waitFor();
    expect(await applyRssi.isDisabled()).toBe(true);
    await rssi.fill('1');
    await dialog.getByText('Value must be negative').waitFor();
    expect(await applyRssi.isDisabled()).toBe(true);
    await rssi.fill('-1000');
    await applyRssi.click();
    await seeText(page, 'Applying Rssi Value ...');
    await expect.poll(() => rssi.inputValue(), { timeout: STATE_TIMEOUT_MS }).toBe('-1000');
    await rssi.fill('0');
    await applyRssi.click();
    await expect.poll(() => rssi.inputValue(), { timeout: STATE_TIMEOUT_MS }).toBe('0');

    // Not idle: the fields cannot be edited.
    await command(dialog, 'Scan');
    await waitForState(dialog, 'ScanningState');
    expect(await frequency.isDisabled()).toBe(true);
    expect(await rssi.isDisabled()).toBe(true);
    await waitForState(dialog, 'IdleState');
    expect(await frequency.isDisabled()).toBe(false);
  });

  it("edits the whitelist by name and CSV, collapses '*', then clears the blacklist it caused", async () => {
    const { page } = browser;
    const dialog = await openStatus(page, 'Demo Gateway 3');
    await waitForState(dialog, 'IdleState');
    // The demo gateway came with a whitelist of its own the portal never stored; it reports the names in its
    // state (docs/mqtt.md 2.2), so the editor opens with them, with no warning, and a save starts from them.
    const reported = await field(dialog, 'Whitelisted Locks').innerText();
    const scopeId = await scopeIdByName(page, DEMO_CUSTOMER);
    const gatewayHolds = await page.evaluate(async (scope) => {
      const query = new URLSearchParams({
        scopeId: scope,
        search: 'Demo Gateway 3',
        sort: 'name',
        order: 'asc',
      });
      const response = await fetch(`/api/gateway/get-gateways-page?${query}`);
      const body = (await response.json()) as {
        gateways: { name: string; reportedWhitelist: string[] | null }[];
      };
      return body.gateways.find((g) => g.name === 'Demo Gateway 3')?.reportedWhitelist ?? null;
    }, scopeId);
    expect(gatewayHolds).not.toBeNull();
    await command(dialog, 'Whitelist');
    const editor = page.getByRole('dialog', { name: 'Whitelist - Demo Gateway 3' });
    const names = editor.getByRole('list', { name: 'Whitelisted locks' });
    const chips = () => names.getByRole('listitem').allInnerTexts();
    await editor.waitFor();
    if (reported === '*') expect(await chips()).toEqual(['*']);
    else if (reported === '0') expect(await chips()).toEqual(['No whitelisted locks.']);
    else {
      expect(await chips()).toEqual([...(gatewayHolds ?? [])].sort());
      expect((await chips()).length).toBe(Number(reported));
    }
    expect(await editor.getByText(/^The gateway reports a whitelist of/).count()).toBe(0);
    // Start from an empty list: remove the gateway's names one by one.
    const deletable = names.locator('.MuiChip-deleteIcon');
    while ((await deletable.count()) > 0) await deletable.first().click();
    await expect.poll(chips).toEqual(['No whitelisted locks.']);

    await editor.getByLabel('Lock Name', { exact: true }).fill('front door');
    await editor.getByRole('button', { name: 'Add' }).click();
    await editor.getByText('Lock names may only use letters, numbers and _ . - : @').waitFor();
    await editor.getByLabel('Lock Name', { exact: true }).fill('FFFFFFFFFFFF');
    await editor.getByLabel('Lock Name', { exact: true }).press('Enter');

    const upload = async (name: string, text: string) => {
      const path = join(files, name);
      await writeFile(path, text);
      await editor.getByLabel('Whitelist CSV file').setInputFiles(path);
    };
    await upload('bad.csv', 'Name\nA4C138F00A01\n');
    await editor.getByText('Headers of selected csv file are not valid, please check and retry').waitFor();
    await upload('empty.csv', '');
    await editor.getByText('Uploaded file is empty, please check and retry.').waitFor();
    await upload('good.csv', 'Lock Name\nFFFFFFFFFFFE\nFFFFFFFFFFFF\n');
    await expect.poll(chips).toEqual(['FFFFFFFFFFFE', 'FFFFFFFFFFFF']);

    await editor.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Whitelist updated');
    // The editor closes by itself once the gateway reports the new list.
    await editor.waitFor({ state: 'detached', timeout: STATE_TIMEOUT_MS });
    expect(await field(dialog, 'Whitelisted Locks').innerText()).toBe('2');

    // The whitelisted locks are not near the gateway: a scan lists them as unreachable (blacklisted).
    await command(dialog, 'Scan');
    await expect
      .poll(() => field(dialog, 'Unreachable Locks').innerText(), { timeout: STATE_TIMEOUT_MS })
      .toBe('FFFFFFFFFFFE, FFFFFFFFFFFF');
    await waitForState(dialog, 'IdleState');
    await command(dialog, 'Clear Blacklist');
    const confirm = page.getByRole('dialog', { name: 'Clear Blacklisted Locks' });
    await confirm.getByRole('button', { name: 'OK' }).click();
    await seeText(page, 'Clearing Blacklisted Locks ...');
    await expect
      .poll(() => field(dialog, 'Unreachable Locks').innerText(), { timeout: STATE_TIMEOUT_MS })
      .toBe('None');

    await command(dialog, 'Whitelist');
    await editor.getByLabel('Lock Name', { exact: true }).fill('*');
    await editor.getByRole('button', { name: 'Add' }).click();
    await expect.poll(chips).toEqual(['*']);
    await editor.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Whitelist updated');
    await editor.waitFor({ state: 'detached', timeout: STATE_TIMEOUT_MS });
    expect(await field(dialog, 'Whitelisted Locks').innerText()).toBe('*');
  });

  it("restarts: the gateway goes offline ('Gateway is offline...' for commands) and comes back", async () => {
    const { page } = browser;
    const dialog = await openStatus(page, 'Demo Gateway 2');
    await waitForState(dialog, 'IdleState');
    await command(dialog, 'Restart');
    await page.getByRole('dialog', { name: 'Restart Gateway' }).getByRole('button', { name: 'OK' }).click();
    await seeText(page, 'Gateway Restarted ...');
    await dialog.getByText('(Gateway is offline)').waitFor({ timeout: STATE_TIMEOUT_MS });
    await command(dialog, 'Scan');
    await seeText(page, 'Gateway is offline...');
    await saveScreenshot(page, 'gateway-status-offline');
    await dialog.getByText('(Gateway is offline)').waitFor({ state: 'detached', timeout: STATE_TIMEOUT_MS });
    await waitForState(dialog, 'IdleState');
  });

  it("says 'Gateway is offline...' for a gateway that is not connected, and the whitelist waits for it", async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const scopeId = await scopeIdByName(page, DEMO_CUSTOMER);
    // Registered but never connected: offline from the start.
    const registered = await page.request.put('/api/gateway/register-gateway', {
      data: {
        MAC: '0A0000000201',
        NAME: 'Offline Gateway',
        SID: scopeId,
        CRTD: Date.UTC(2023, 0, 1),
        tags: [],
      },
    });
    expect(registered.ok()).toBe(true);
    await openGatewayGrid(page, scopeId);
    await chooseMoreAction(gatewayCard(page, 'Offline Gateway'), 'Gateway status');
    const dialog = page.getByRole('dialog', { name: 'Gateway Status - Offline Gateway(Gateway is offline)' });
    await dialog.waitFor();

    await command(dialog, 'Scan');
    await seeText(page, 'Gateway is offline...');
    expect(await field(dialog, 'Scan Frequency (minutes)').isDisabled()).toBe(true);
    expect(await field(dialog, 'Rssi Value').isDisabled()).toBe(true);
    await command(dialog, 'Force Probe');
    expect(await page.getByRole('dialog', { name: /^Force Probe/ }).count()).toBe(0);
    await command(dialog, 'Whitelist');
    const save = page
      .getByRole('dialog', { name: 'Whitelist - Offline Gateway' })
      .getByRole('button', { name: 'Waiting For Gateway...' });
    expect(await save.isDisabled()).toBe(true);
  });
});
