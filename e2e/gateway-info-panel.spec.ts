import { gatewayRegistryMessages as registry } from '@portal/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp.ts';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import {
  DEMO_CUSTOMER,
  gatewayCard,
  openGatewayGrid,
  scopeIdByName,
  seeText,
  signInAsNewUser,
} from './support/gateway-details.ts';
import { DEMO_MACS, type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Spec 001 sections 2 and 6: the Gateway Information panel, editable with IOT_DEVICE_WRITE, read-only
 * without; device logs offered to vendor staff (STAFF_EMAIL_DOMAINS) and root users. Users get their
 * password from the mailed link (real SMTP).
 */
const STAFF_DOMAIN = 'vendorstaff.com';
let smtp: TestSmtp;
let portal: RunningPortal;
beforeAll(async () => {
  smtp = await startSmtp();
  portal = await startPortal('embedded', { SMTP_URL: smtp.url, STAFF_EMAIL_DOMAINS: STAFF_DOMAIN });
});
afterAll(async () => {
  await portal?.stop();
  await smtp?.close();
});

async function openDemoGrid(page: Page): Promise<string> {
  await signInAsRoot(page);
  const scopeId = await scopeIdByName(page, DEMO_CUSTOMER);
  await openGatewayGrid(page, scopeId);
  return scopeId;
}

describe('Gateway Information panel', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('lets a user with IOT_DEVICE_WRITE rename a gateway; Submit waits for a change', async () => {
    const { page } = browser;
    await openDemoGrid(page);
    await gatewayCard(page, 'Demo Gateway 1').getByRole('button', { name: 'Information' }).click();
    const panel = page.getByRole('dialog', { name: 'Gateway Information' });
    const submit = panel.getByRole('button', { name: 'Submit' });

    expect(await panel.getByLabel('MacId').inputValue()).toBe(DEMO_MACS[0]);
    expect(await panel.getByLabel('MacId').isEditable()).toBe(false);
    expect(await panel.getByLabel('Manufacturer').isEditable()).toBe(false);
    expect(await panel.getByRole('tab', { name: 'Change Customer' }).count()).toBe(0); // registered
    expect(await submit.isEnabled()).toBe(false);

    const name = panel.getByLabel('Gateway Name');
    await name.fill('n'.repeat(41));
    await panel.getByText(registry.nameTooLong).waitFor();
    expect(await submit.isEnabled()).toBe(false);
    await name.fill('');
    await panel.getByText(registry.nameRequired).waitFor();
    expect(await submit.isEnabled()).toBe(false);
    await name.fill('Demo Gateway 1');
    expect(await submit.isEnabled()).toBe(false); // back to what it was: nothing to submit

    await name.fill('Lobby Gateway');
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await seeText(page, registry.detailsUpdated);
    await saveScreenshot(page, 'gateway-info-panel');
    await page.keyboard.press('Escape');
    await gatewayCard(page, 'Lobby Gateway').waitFor();
  });

  it('is read-only for a user without IOT_DEVICE_WRITE', async () => {
    const { page } = browser;
    const scopeId = await openDemoGrid(page);
    const viewer = await browser.otherPersonPage();
    await signInAsNewUser(page, viewer, smtp, scopeId, ['IOT_DEVICE_READ']);
    await openGatewayGrid(viewer, scopeId);
    await gatewayCard(viewer, 'Demo Gateway 2').getByRole('button', { name: 'Information' }).click();
    const panel = viewer.getByRole('dialog', { name: 'Gateway Information' });
    await panel.getByLabel('MacId').waitFor();
    expect(await panel.getByLabel('Gateway Name').isEditable()).toBe(false);
    expect(await panel.getByRole('combobox', { name: 'Select Customer' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(await panel.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    // Device logs are for vendor staff and root users only.
    expect(await panel.getByRole('button', { name: 'Request device logs' }).count()).toBe(0);
  });

  it('offers device logs to vendor staff, even in a read-only panel', async () => {
    const { page } = browser;
    const scopeId = await openDemoGrid(page);
    const staff = await browser.otherPersonPage();
    await signInAsNewUser(page, staff, smtp, scopeId, ['IOT_DEVICE_READ'], STAFF_DOMAIN);
    await openGatewayGrid(staff, scopeId);
    await gatewayCard(staff, 'Demo Gateway 3').getByRole('button', { name: 'Information' }).click();
    const panel = staff.getByRole('dialog', { name: 'Gateway Information' });
    await panel.getByRole('button', { name: 'Request device logs' }).waitFor();
    expect(await panel.getByLabel('Gateway Name').isEditable()).toBe(false);
  });
});
