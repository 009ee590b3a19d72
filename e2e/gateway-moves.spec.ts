import {
  gatewayDetailsMessages as details,
  instructionMessages,
  gatewayRegistryMessages as registry,
} from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import {
  chooseMoreAction,
  createCustomer,
  DEMO_CUSTOMER,
  gatewayCard,
  openGatewayGrid,
  scopeIdByName,
  seeText,
} from './support/gateway-details.ts';
import { DEMO_MACS, type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Spec 001 sections 2 and 4: migration to another customer, un-registration, registration of an
 * unregistered gateway and Change Customer, with the spec's texts.
 */
let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.stop();
});

const TARGET = 'Move Target';

async function chooseCustomer(page: Page, scope: Locator, name: string): Promise<void> {
  await scope.getByRole('combobox', { name: 'Select Customer' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

describe('Moving and un-registering gateways', () => {
  const browser = useBrowser(() => portal.baseUrl);
  let demoScope = '';
  let targetScope = '';

  async function openDemoGrid(page: Page): Promise<void> {
    await signInAsRoot(page);
    demoScope ||= await scopeIdByName(page, DEMO_CUSTOMER);
    targetScope ||= await createCustomer(page, TARGET);
    await openGatewayGrid(page, demoScope);
  }

  it('migrates a gateway to another customer, after a refused attempt', async () => {
    const { page } = browser;
    await openDemoGrid(page);
    const card = gatewayCard(page, 'Demo Gateway 1');

    await page.route('**/api/migrateGateway', (route) =>
      route.fulfill({ status: 409, json: { code: 'CONFLICT', message: 'No' } }),
    );
    await chooseMoreAction(card, 'Move to customer');
    const dialog = page.getByRole('dialog', { name: details.migrationTitle });
    await dialog.getByText(details.migrationNotice).waitFor();
    const migrate = dialog.getByRole('button', { name: 'Migrate' });
    expect(await migrate.isEnabled()).toBe(false); // still its own customer
    await chooseCustomer(page, dialog, TARGET);
    await migrate.click();
    await seeText(page, registry.migrateFailed(DEMO_MACS[0]!));
    await saveScreenshot(page, 'gateway-migration');
    await page.unroute('**/api/migrateGateway');

    await migrate.click();
    await seeText(page, registry.migrated(DEMO_MACS[0]!));
    await card.waitFor({ state: 'detached' });
    await openGatewayGrid(page, targetScope);
    await gatewayCard(page, 'Demo Gateway 1').waitFor();
  });

  it('un-registers a gateway, then registers it again', async () => {
    const { page } = browser;
    await openDemoGrid(page);
    const card = gatewayCard(page, 'Demo Gateway 2');

    await chooseMoreAction(card, 'Un-register');
    const confirm = page.getByRole('dialog', { name: details.unregisterTitle });
    await confirm.getByText(details.unregisterQuestion).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    await chooseMoreAction(card, 'Un-register');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await seeText(page, instructionMessages.unregisterInitiated);

    // Unregistered now: the Information panel offers Change Customer.
    await card.getByRole('button', { name: 'Information' }).click();
    const panel = page.getByRole('dialog', { name: 'Gateway Information' });
    await panel.getByRole('tab', { name: 'Change Customer' }).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // The toolbar's Register gateway offers the customer's unregistered gateways.
    await page.getByRole('button', { name: 'Register gateway' }).click();
    const fromToolbar = page.getByRole('dialog', { name: 'Register Gateway' });
    await fromToolbar.getByRole('combobox', { name: 'Unregistered gateway' }).click();
    await page.getByRole('option', { name: `Demo Gateway 2 (${DEMO_MACS[1]})` }).click();
    expect(await fromToolbar.getByLabel('MAC Address').inputValue()).toBe(DEMO_MACS[1]);
    expect(await fromToolbar.getByLabel('Gateway Name').inputValue()).toBe('Demo Gateway 2');
    await fromToolbar.getByRole('button', { name: 'Cancel' }).click();
    await fromToolbar.waitFor({ state: 'detached' });

    // Edit gateway of an unregistered gateway registers it.
    await chooseMoreAction(card, 'Edit gateway');
    const register = page.getByRole('dialog', { name: 'Register Gateway' });
    expect(await register.getByLabel('MAC Address').inputValue()).toBe(DEMO_MACS[1]);
    expect(await register.getByLabel('MAC Address').isEditable()).toBe(false);
    await register.getByLabel('Manufactured Date').fill('2024-02-29');
    await register.getByRole('button', { name: 'Register' }).click();
    await seeText(page, registry.registered);
    // The gateway keeps the credential it was provisioned with: no credential step, and it stays online.
    await register.waitFor({ state: 'detached' });
    await card.getByText(/^Online/).waitFor();

    await card.getByRole('button', { name: 'Information' }).click();
    await panel.getByRole('tab', { name: 'Info' }).waitFor();
    // The lists are asked again after the registration without holding up its message: the panel follows.
    await expect
      .poll(() => panel.getByRole('tab', { name: 'Change Customer' }).count(), { timeout: UI_TIMEOUT_MS })
      .toBe(0);
  });

  it('moves an unregistered gateway with Change Customer, and a registered one from Info', async () => {
    const { page } = browser;
    await openDemoGrid(page);
    // The demo's third gateway is seeded unregistered.
    const card = gatewayCard(page, 'Demo Gateway 3');
    await card.getByRole('button', { name: 'Information' }).click();
    const panel = page.getByRole('dialog', { name: 'Gateway Information' });
    await panel.getByRole('tab', { name: 'Change Customer' }).click();
    const change = panel.getByRole('button', { name: 'Change Customer' });
    expect(await change.isEnabled()).toBe(false);
    await chooseCustomer(page, panel, TARGET);
    await change.click();
    await seeText(page, registry.detailsMoved);
    await card.waitFor({ state: 'detached' });

    // A registered gateway moves from the Info tab's Select Customer.
    const registered = gatewayCard(page, 'Demo Gateway 2');
    await registered.getByRole('button', { name: 'Information' }).click();
    await chooseCustomer(page, panel, TARGET);
    await panel.getByRole('button', { name: 'Submit' }).click();
    await seeText(page, registry.detailsMoved);
    await registered.waitFor({ state: 'detached' });

    await openGatewayGrid(page, targetScope);
    await gatewayCard(page, 'Demo Gateway 2').waitFor();
    await gatewayCard(page, 'Demo Gateway 3').waitFor();
  });
});
