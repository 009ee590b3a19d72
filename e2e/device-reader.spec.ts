import { accessMessages, gatewayRegistryMessages } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import {
  hashPath,
  recordRefusedCalls,
  saveScreenshot,
  signInAsRoot,
  UI_TIMEOUT_MS,
  useBrowser,
} from './support/browser.ts';
import { DEMO_CUSTOMER, scopeIdByName, signInAsNewUser } from './support/gateway-details.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * A user holding only IOT_DEVICE_READ clicks through the gateways and locks of the demo customer: nothing
 * offered asks the server for what the user may not have (a refused call signs the user out, spec 000
 * section 4), and on a phone the gateways list still shows each gateway's status and actions.
 */
let smtp: TestSmtp;
let portal: RunningPortal;
beforeAll(async () => {
  smtp = await startSmtp();
  portal = await startPortal('embedded', { SMTP_URL: smtp.url });
});
afterAll(async () => {
  await portal?.stop();
  await smtp?.close();
});

describe('A device reader', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('sees locks and gateways without the actions it may not take, and stays signed in', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const demo = await scopeIdByName(page, DEMO_CUSTOMER);
    const reader = await browser.otherPersonPage();
    const refused = recordRefusedCalls(reader);
    await signInAsNewUser(page, reader, smtp, demo, ['IOT_DEVICE_READ']);

    // Locks: the list and its user counts, but no select boxes, Add User or lock-users dialog.
    await reader.goto(`/#/cli/locks?scopeId=${demo}`);
    const locks = reader.getByRole('table', { name: 'Locks' });
    await locks.getByRole('row').nth(1).waitFor();
    expect(await reader.getByRole('checkbox').count()).toBe(0);
    expect(await reader.getByRole('button', { name: 'Add User' }).count()).toBe(0);
    expect(await locks.getByRole('button', { name: /^Users of / }).count()).toBe(0);
    expect(await locks.getByRole('img', { name: /^Users of / }).count()).toBeGreaterThan(0);
    await saveScreenshot(reader, 'device-reader locks');

    // Gateways: 'More actions' holds only what a reader may open.
    await reader.goto(`/#/cli/gateways/list_view?scopeId=${demo}`);
    const row = reader.getByRole('row', { name: 'Demo Gateway 1' });
    await row.getByRole('button', { name: 'More actions' }).click();
    const entries = await reader.getByRole('menuitem').allTextContents();
    for (const entry of ['Pending instructions', 'Edit gateway', 'Move to customer', 'Un-register'])
      expect(entries).not.toContain(entry);
    expect(entries).toContain('Gateway status');
    await reader.keyboard.press('Escape');

    // On a phone the row keeps its status and actions in sight.
    await reader.setViewportSize({ width: 360, height: 740 });
    await reader.reload();
    // The phone's columns: the status under the name, no Status column.
    await expect
      .poll(() => reader.getByRole('columnheader', { name: 'Status', exact: true }).count(), {
        timeout: UI_TIMEOUT_MS,
      })
      .toBe(0);
    await row.getByText('Online', { exact: true }).waitFor();
    // It still sorts by status, from the name's header.
    const statusSort = reader
      .getByRole('columnheader', { name: 'Name Status' })
      .getByRole('button', { name: 'Status' });
    await Promise.all([
      reader.waitForRequest((request) => /[?&]sort=status&/.test(request.url())),
      statusSort.click(),
    ]);
    await row.waitFor();
    const actions = await row.getByRole('button', { name: 'More actions' }).boundingBox();
    expect(actions).not.toBeNull();
    expect((actions?.x ?? 0) + (actions?.width ?? 0)).toBeLessThanOrEqual(360);
    await row.getByRole('button', { name: 'More actions' }).click();
    await reader.getByRole('menuitem', { name: 'Gateway status' }).waitFor();
    await reader.keyboard.press('Escape');
    await saveScreenshot(reader, 'device-reader gateways list 360');
    // Reaching the actions scrolled nothing away: the gateway's name is still in sight.
    const name = await row.getByRole('rowheader').boundingBox();
    expect(name?.x ?? -1).toBeGreaterThanOrEqual(0);

    expect(hashPath(reader)).toBe('/cli/gateways/list_view');

    // Cards: the hotspot icon shows its state but switches nothing, and there is no reboot (both need
    // IOT_DEVICE_WRITE); the camera and diagnostics, which only look, stay.
    await reader.setViewportSize({ width: 1280, height: 800 });
    await reader.goto(`/#/cli/gateways/grid_view?scopeId=${demo}`);
    const card = reader.getByRole('article', { name: 'Demo Gateway 1', exact: true });
    await card.getByRole('button', { name: 'Information' }).waitFor();
    expect(await card.getByRole('button', { name: 'Reboot' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: /^Hotspot / }).isDisabled()).toBe(true);
    // Its information panel says it is read only, and offers no Submit.
    await card.getByRole('button', { name: 'Information' }).click();
    const panel = reader.getByRole('tabpanel', { name: 'Info' });
    await panel.getByText(gatewayRegistryMessages.readOnly).waitFor();
    expect(await panel.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await reader.getByRole('button', { name: 'Close' }).click();

    // A typed address of a screen the reader may not open leads home, and says why.
    await reader.goto(`/#/cli/portal_users?scopeId=${demo}`);
    await reader.getByText(accessMessages.refusedAddress).waitFor();
    expect(hashPath(reader)).toBe('/cli/dashboard');
    expect(refused).toEqual([]);
  });
});
