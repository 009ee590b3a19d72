import { randomBytes } from 'node:crypto';
import { gatewayDetailsMessages as details, gatewayRegistryMessages as registry } from '@portal/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import {
  chooseMoreAction,
  createCustomer,
  DEMO_CUSTOMER,
  gatewayCard,
  openGatewayGrid,
  randomGatewayMac,
  registerGateway,
  scopeIdByName,
  seeText,
} from './support/gateway-details.ts';
import { DEMO_MACS, type SharedPortal, sharedPortal } from './support/portal.ts';

/**
 * Spec 001 section 5: the register / edit form with every rule at both bounds, as a user sees them, and the
 * spec's failure texts. The Information panel is in gateway-info-panel.spec.ts.
 */
let portal: SharedPortal;
beforeAll(async () => {
  portal = await sharedPortal();
});

async function openDemoGrid(page: Page): Promise<void> {
  await signInAsRoot(page);
  await openGatewayGrid(page, await scopeIdByName(page, DEMO_CUSTOMER));
}

/**
 * A customer of its own with one registered gateway, its grid open: the portal is shared with other specs,
 * which find the demo gateways by their names.
 */
async function openOwnGrid(page: Page, gatewayName: string): Promise<void> {
  await signInAsRoot(page);
  const scopeId = await createCustomer(page, `Details ${randomBytes(3).toString('hex')}`);
  await registerGateway(page, scopeId, gatewayName);
  await openGatewayGrid(page, scopeId);
}

describe('Register and edit gateway', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('edits a registered gateway, with every rule shown at both bounds', async () => {
    const { page } = browser;
    await openOwnGrid(page, 'Front desk');
    await chooseMoreAction(gatewayCard(page, 'Front desk'), 'Edit gateway');
    const dialog = page.getByRole('dialog', { name: 'Edit Gateway' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await dialog.getByLabel('Gateway Name').waitFor();
    expect(await save.isEnabled()).toBe(false); // a registered gateway needs a change

    const name = dialog.getByLabel('Gateway Name');
    await name.fill('n'.repeat(41));
    await dialog.getByText(registry.nameTooLong).waitFor();
    expect(await save.isEnabled()).toBe(false);
    await name.fill('n'.repeat(40));
    await dialog.getByText(registry.nameTooLong).waitFor({ state: 'detached' });
    await name.fill('Reception');

    const zip = dialog.getByLabel('Zip Code');
    await zip.fill('1'.repeat(21));
    await dialog.getByText(registry.zipTooLong).waitFor();
    expect(await save.isEnabled()).toBe(false);
    await zip.fill('1'.repeat(20));
    await dialog.getByText(registry.zipTooLong).waitFor({ state: 'detached' });

    const street = dialog.getByLabel('Street');
    await street.fill('s'.repeat(41));
    await dialog.getByText(registry.addressTooLong).waitFor();
    await street.fill('s'.repeat(40));
    await dialog.getByText(registry.addressTooLong).waitFor({ state: 'detached' });

    const manufactured = dialog.getByLabel('Manufactured Date');
    await manufactured.fill('2021-12-31');
    await dialog.getByText(registry.manufacturedTooEarly).waitFor();
    expect(await save.isEnabled()).toBe(false);
    await manufactured.fill('2022-01-01');
    await dialog.getByText(registry.manufacturedTooEarly).waitFor({ state: 'detached' });

    const tags = dialog.getByRole('textbox', { name: 'Tags' });
    await tags.fill('bad tag');
    await tags.press('Enter');
    await dialog.getByText(registry.tagInvalid).waitFor();
    await tags.fill('floor_1;#@-');
    await tags.press('Enter');
    await dialog.getByRole('listitem').filter({ hasText: 'floor_1;#@-' }).waitFor();
    await tags.fill('floor_1;#@-');
    await tags.press('Enter');
    await dialog.getByText(registry.tagDuplicate).waitFor();
    await saveScreenshot(page, 'gateway-edit-rules');

    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await seeText(page, registry.updated);
    const card = gatewayCard(page, 'Reception');
    await card.waitFor();

    // What was saved comes back.
    await chooseMoreAction(card, 'Edit gateway');
    await dialog.getByLabel('Zip Code').waitFor();
    expect(await dialog.getByLabel('Zip Code').inputValue()).toBe('1'.repeat(20));
    expect(await dialog.getByLabel('Manufactured Date').inputValue()).toBe('2022-01-01');
    await dialog.getByRole('listitem').filter({ hasText: 'floor_1;#@-' }).waitFor();
  });

  it('registers a new gateway from the toolbar; without a location it says so', async () => {
    const { page } = browser;
    await openOwnGrid(page, 'Front desk');
    await page.getByRole('button', { name: 'Register gateway' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register Gateway' });
    const register = dialog.getByRole('button', { name: 'Register' });
    await dialog.getByLabel('MAC Address').fill('not a mac');
    await dialog.getByLabel('Gateway Name').fill('Warehouse');
    await dialog.getByLabel('Manufactured Date').fill('2022-01-01');
    expect(await register.isEnabled()).toBe(false);
    await dialog.getByLabel('MAC Address').fill(randomGatewayMac());
    expect(await register.isEnabled()).toBe(true);
    await register.click();
    await seeText(page, registry.registered);
    // The device credential, shown once.
    await dialog.getByRole('button', { name: 'Copy credential' }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Never connected: no LAT/LNG.
    const card = gatewayCard(page, 'Warehouse');
    await card.getByRole('button', { name: 'No Location' }).click();
    const noLocation = page.getByRole('dialog', { name: 'Gateway Location' });
    await noLocation.getByText(details.noLocation).waitFor();
    await noLocation.getByRole('button', { name: 'Ok' }).click();
    await noLocation.waitFor({ state: 'detached' });
  });

  it("shows the spec's failure texts when the server refuses", async () => {
    const { page } = browser;
    await openDemoGrid(page);
    const failWith500 = (url: string) =>
      page.route(url, (route) =>
        route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Internal server error' } }),
      );
    await failWith500('**/api/update-gateway/**');
    await failWith500('**/api/gateway/register-gateway');
    // The server refuses every change here, so the demo gateways stay as they are.
    const registered = page.getByRole('article').filter({ hasText: DEMO_MACS[0]! });
    const unregistered = page.getByRole('article').filter({ hasText: DEMO_MACS[2]! });

    await chooseMoreAction(registered, 'Edit gateway');
    const edit = page.getByRole('dialog', { name: 'Edit Gateway' });
    await edit.getByLabel('City').fill('Springfield');
    await edit.getByRole('button', { name: 'Save' }).click();
    await seeText(page, registry.updateFailed);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    // Edit gateway of the unregistered demo gateway registers it.
    await chooseMoreAction(unregistered, 'Edit gateway');
    const register = page.getByRole('dialog', { name: 'Register Gateway' });
    await register.getByRole('button', { name: 'Register' }).click();
    await seeText(page, registry.registerFailed);
    await register.getByRole('button', { name: 'Cancel' }).click();
    await register.waitFor({ state: 'detached' });

    await registered.getByRole('button', { name: 'Information' }).click();
    const panel = page.getByRole('dialog', { name: 'Gateway Information' });
    await panel.getByLabel('Gateway Name').fill('Renamed');
    await panel.getByRole('button', { name: 'Submit' }).click();
    await seeText(page, registry.detailsFailed);
  });
});
