import { randomBytes } from 'node:crypto';
import { type GatewaySummary, gatewayCredentialMessages } from '@portal/contract';
import mqtt from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { saveScreenshot, signInAsRoot, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { createCustomer, DEMO_CUSTOMER, registerGateway, seeText } from './support/gateway-details.ts';
import { ownTenantId } from './support/live.ts';
import { DEMO_GATEWAYS, type RunningPortal, startPortal } from './support/portal.ts';

/**
 * Issue 14.7 and the list sorting of 14.8: root's Gateways view names each gateway's customer and agrees with
 * the Admin card's count; empty states with a next step (no gateways, never connected, after deleting
 * offline gateways, an unknown customer); registration hands out the device credential once.
 */
let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal?.stop();
});

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: UI_TIMEOUT_MS });
const rows = (page: Page) => page.getByRole('table', { name: 'Gateways' }).locator('tbody tr');
/** The texts of the list's column headed `name` (its place depends on the width: gateway-columns.ts). */
const column = async (page: Page, name: string) => {
  const headers = await page.getByRole('table', { name: 'Gateways' }).locator('thead th').allInnerTexts();
  const index = headers.findIndex((header) => header.replace(/\s+/g, ' ').trim() === name);
  return rows(page).evaluateAll(
    (trs, i) => trs.map((tr) => (tr.children[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
    index,
  );
};
const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });

/** axe-core's serious findings once transitions (a sort label's colour, a snackbar sliding in) are over. */
async function settledViolations(page: Page): Promise<string[]> {
  await page.waitForTimeout(600);
  // Snackbars carry their own colours, not the screen's, and one caught fading in or out has its contrast
  // lowered by its opacity (full runs caught one at #notistack-snackbar): the screen is judged without them.
  return seriousViolations(page, ['#notistack-snackbar']);
}

async function listed(page: Page, scopeId: string): Promise<GatewaySummary[]> {
  const response = await page.request.get(`/api/gateway/get-gateways?scopeId=${scopeId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as GatewaySummary[];
}

describe("Root's gateways and empty states", () => {
  const browser = useBrowser(() => portal.baseUrl);

  it("names the customer on rows and cards of root's view, sorts the list by its columns, and the Admin card counts the same gateways", async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const rootId = await ownTenantId(page);
    // A customer of its own beside the demo one: root's view mixes both.
    const other = `Zeta Fleet ${randomBytes(2).toString('hex')}`;
    const otherId = await createCustomer(page, other);
    await registerGateway(page, otherId, 'Aardvark Gateway');

    await page.goto(`/#/cli/gateways/list_view?scopeId=${rootId}`);
    await poll(() => rows(page).count()).toBe(DEMO_GATEWAYS + 1);
    expect(await header(page, 'Customer').count()).toBe(1);
    // Name ascending by default, with aria-sort.
    expect(await header(page, 'Name').getAttribute('aria-sort')).toBe('ascending');
    expect(await header(page, 'Customer').getAttribute('aria-sort')).toBe('none');
    const names = await column(page, 'Name');
    expect(names[0]).toBe('Aardvark Gateway');
    expect(await column(page, 'Customer')).toEqual([other, ...Array(DEMO_GATEWAYS).fill(DEMO_CUSTOMER)]);
    // The never-connected gateway says so instead of a blank 'Since'.
    expect((await column(page, 'Since'))[0]).toBe('Never connected');

    await header(page, 'Name').getByRole('button').click();
    expect(await header(page, 'Name').getAttribute('aria-sort')).toBe('descending');
    // The server sorts (issue 14.9): the rows follow once its answer is in.
    await poll(() => column(page, 'Name')).toEqual([...names].reverse());
    await header(page, 'Customer').getByRole('button').click();
    expect(await header(page, 'Customer').getAttribute('aria-sort')).toBe('ascending');
    expect(await header(page, 'Name').getAttribute('aria-sort')).toBe('none');
    await poll(async () => (await column(page, 'Customer'))[0]).toBe(DEMO_CUSTOMER);
    await header(page, 'Customer').getByRole('button').click();
    expect(await header(page, 'Customer').getAttribute('aria-sort')).toBe('descending');
    await poll(async () => (await column(page, 'Customer'))[0]).toBe(other);
    await header(page, 'CO2 (ppm)').getByRole('button').click();
    expect(await header(page, 'CO2 (ppm)').getAttribute('aria-sort')).toBe('ascending');
    // Readings ascending, gateways without one last.
    const ascending = (values: string[]) => {
      const readings = values.filter((value) => value !== '-').map(Number);
      return values.at(-1) === '-' && readings.every((value, i) => i === 0 || readings[i - 1]! <= value);
    };
    await poll(async () => ascending(await column(page, 'CO2 (ppm)'))).toBe(true);
    const co2 = await column(page, 'CO2 (ppm)');
    expect(co2.at(-1)).toBe('-');
    const readings = co2.filter((value) => value !== '-').map(Number);
    expect(readings).toEqual([...readings].sort((a, b) => a - b));
    await saveScreenshot(page, 'root-gateways list with customer column');
    expect(await settledViolations(page)).toEqual([]);

    // Cards of the mixed view carry a small customer label.
    await page.goto(`/#/cli/gateways/grid_view?scopeId=${rootId}`);
    const card = page.getByRole('article', { name: 'Aardvark Gateway', exact: true });
    await card.getByText(`Customer: ${other}`, { exact: true }).waitFor();
    await card.getByText('Never connected', { exact: true }).waitFor();
    await page
      .getByRole('article', { name: 'Demo Gateway 1', exact: true })
      .getByText(`Customer: ${DEMO_CUSTOMER}`, { exact: true })
      .waitFor();
    await saveScreenshot(page, 'root-gateways cards with customer label');
    expect(await settledViolations(page)).toEqual([]);

    // A customer's own view is not mixed: no Customer column.
    await page.goto(`/#/cli/gateways/list_view?scopeId=${otherId}`);
    await poll(() => rows(page).count()).toBe(1);
    expect(await header(page, 'Customer').count()).toBe(0);

    // The Admin card counts what root's Gateways view lists.
    await page.goto('/#/admin/tenants');
    // Fresh figures (the customers list loaded at sign-in, before the customer above was made).
    await page.reload();
    const admin = page.getByRole('region', { name: 'Admin' });
    const figures = admin.getByText(/^\d+ \/ \d+$/).first();
    await figures.waitFor();
    await poll(async () => {
      const all = await listed(page, rootId);
      const online = all.filter((g) => g.deviceStatus === 'online').length;
      return (await figures.innerText()) === `${online} / ${all.length}`;
    }).toBe(true);
    expect((await figures.innerText()).endsWith(` / ${DEMO_GATEWAYS + 1}`)).toBe(true);
    await saveScreenshot(page, 'root-gateways admin card');
  });

  it("names the customer in a customer view holding its sub-customers' gateways, not in one without", async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const tag = randomBytes(2).toString('hex');
    const parent = `Parent Fleet ${tag}`;
    const parentId = await createCustomer(page, parent);
    const child = `Child Fleet ${tag}`;
    const created = await page.request.post('/api/createScope', {
      data: { name: child, customerId: `C-${tag}-child`, parent: parentId },
    });
    expect(created.status(), await created.text()).toBe(201);
    const childId = ((await created.json()) as { id: string }).id;
    await registerGateway(page, parentId, 'Hall Gateway');
    await registerGateway(page, childId, 'Yard Gateway');

    await page.goto(`/#/cli/gateways/list_view?scopeId=${parentId}`);
    await poll(() => rows(page).count()).toBe(2);
    expect(await column(page, 'Customer')).toEqual([parent, child]);
    await page.goto(`/#/cli/gateways/grid_view?scopeId=${parentId}`);
    await page
      .getByRole('article', { name: 'Yard Gateway', exact: true })
      .getByText(`Customer: ${child}`, { exact: true })
      .waitFor();
    await saveScreenshot(page, 'root-gateways parent customer with sub-customer');
    // The child's own view holds its gateways only.
    await page.goto(`/#/cli/gateways/list_view?scopeId=${childId}`);
    await page.reload();
    await poll(() => rows(page).count()).toBe(1);
    expect(await header(page, 'Customer').count()).toBe(0);
  });

  it('guides a customer without gateways, hands out the credential once, and leaves delete mode after deleting', async () => {
    const { page, context } = browser;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.baseUrl });
    await signInAsRoot(page);
    const scopeId = await createCustomer(page, `Empty Fleet ${randomBytes(2).toString('hex')}`);
    await page.goto(`/#/cli/gateways/grid_view?scopeId=${scopeId}`);

    const empty = page.getByRole('region', { name: 'No gateways yet' });
    await empty.waitFor();
    const commands = await empty.getByLabel('Simulator commands').innerText();
    expect(commands).toContain(
      `npm run provision -w @portal/server -- --scope ${scopeId} --count 5 > creds.json`,
    );
    expect(commands).toContain('npm run sim -- --broker mqtt://');
    expect(await page.getByRole('button', { name: 'Select gateways' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete offline gateways' }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'root-gateways customer without gateways');
    expect(await settledViolations(page)).toEqual([]);

    // Register one from the empty state: its credential is shown once, with a copy button.
    await empty.getByRole('button', { name: 'Register a gateway' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register Gateway' });
    const mac = `AC${randomBytes(5).toString('hex').toUpperCase()}`;
    await dialog.getByLabel('MAC Address').fill(mac);
    await dialog.getByLabel('Gateway Name').fill('Front Door');
    await dialog.getByLabel('Manufactured Date').fill('2024-01-01');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await seeText(page, gatewayCredentialMessages.shownOnce);
    const credential = await dialog.getByLabel(gatewayCredentialMessages.title).inputValue();
    expect(credential.length).toBeGreaterThanOrEqual(32);
    await dialog.getByRole('button', { name: gatewayCredentialMessages.copy }).click();
    await dialog.getByText(gatewayCredentialMessages.copied, { exact: true }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(credential);
    await saveScreenshot(page, 'root-gateways credential shown once');
    // (after the 'Successfully Registered' snackbar, whose own colours are not this screen's)
    await page
      .getByText('Successfully Registered', { exact: true })
      .waitFor({ state: 'detached', timeout: 15_000 });
    expect(await settledViolations(page)).toEqual([]);
    // Escape does not lose it by accident; Done closes it, and it is shown nowhere again.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: gatewayCredentialMessages.done }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(credential);
    expect(JSON.stringify(await listed(page, scopeId))).not.toContain(credential);

    // Never connected: the card says so instead of blank values.
    const card = page.getByRole('article', { name: 'Front Door', exact: true });
    await card.getByText('Never connected', { exact: true }).waitFor();
    await card.getByText('No data yet', { exact: true }).waitFor();
    await saveScreenshot(page, 'root-gateways never connected');

    // The credential works with the device protocol (docs/mqtt.md 1): MAC as client id and username.
    const device = await mqtt.connectAsync(portal.deviceBrokerUrl, {
      clientId: mac,
      username: mac,
      password: credential,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    });
    await device.publishAsync(`gateways/${mac}/send/status`, JSON.stringify({ CS: 1, TI: Date.now() }), {
      qos: 1,
    });
    await card.getByText(/^Online · /).waitFor();
    await device.publishAsync(`gateways/${mac}/send/status`, JSON.stringify({ CS: 0, TI: Date.now() }), {
      qos: 1,
    });
    await device.endAsync();
    await card.getByText(/^Offline · /).waitFor();
    // A wrong credential is refused.
    await expect(
      mqtt.connectAsync(portal.deviceBrokerUrl, {
        clientId: mac,
        username: mac,
        password: 'not-the-credential',
        reconnectPeriod: 0,
        connectTimeout: 5_000,
      }),
    ).rejects.toThrow();

    // Deleting the offline gateways leaves delete mode: the page is the customer's again, empty.
    await page.getByRole('button', { name: 'Delete offline gateways' }).click();
    await page.getByRole('checkbox', { name: 'Select Front Door' }).check();
    await page.getByRole('button', { name: 'Delete Gateways' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Gateway confirmation' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await seeText(page, 'Successfully Deleted Gateway(s)');
    await page.getByRole('region', { name: 'No gateways yet' }).waitFor();
    expect(await page.getByRole('heading', { name: /^Selected Offline Gateways - / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Exit delete mode' }).count()).toBe(0);
    await saveScreenshot(page, 'root-gateways after deleting offline gateways');
  });

  it('disables the actions of a customer that is not found', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    await page.goto('/#/cli/gateways/grid_view?scopeId=00000000-0000-4000-8000-000000000000');
    await page
      .getByRole('alert')
      .filter({ hasText: /not found/i })
      .first()
      .waitFor({ timeout: 20_000 });
    for (const name of ['Select gateways', 'Register gateway', 'Delete offline gateways']) {
      expect(await page.getByRole('button', { name, exact: true }).isDisabled()).toBe(true);
    }
    expect(await page.getByRole('searchbox').first().isDisabled()).toBe(true);
    expect(await page.getByRole('region', { name: 'No gateways yet' }).count()).toBe(0);
    await saveScreenshot(page, 'root-gateways customer not found');
  });
});
