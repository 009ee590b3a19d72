import { randomBytes } from 'node:crypto';
import { type HierarchyNode, hierarchyNode, type Scope } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import type { TestSmtp } from '../../apps/server/test/smtp.ts';
import { hashPath, signIn, UI_TIMEOUT_MS } from './browser.ts';

/** Helpers of the gateway detail specs (information panel, registration, moves, location, device logs). */

export const DEMO_CUSTOMER = 'Demo Customer';
export const USER_PASSWORD = 'Secret12';

const scopesOf = (node: HierarchyNode): Scope[] => [node.scope, ...node.children.flatMap(scopesOf)];

/** A customer of the signed-in user's tree, by name (GET /api/hirarchy with the page's session). */
export async function scopeIdByName(page: Page, name: string): Promise<string> {
  const response = await page.request.get('/api/hirarchy');
  if (response.status() !== 200) throw new Error(`GET /api/hirarchy answered ${response.status()}`);
  const found = scopesOf(hierarchyNode.parse(await response.json())).find((scope) => scope.name === name);
  if (!found) throw new Error(`no customer named ${name}`);
  return found.id;
}

/** Creates a customer below the root tenant through the API (as the signed-in root user); its id. */
export async function createCustomer(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/api/createScope', {
    data: { name, customerId: `C-${randomBytes(3).toString('hex')}` },
  });
  if (response.status() !== 201)
    throw new Error(`createScope answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** A MAC no other test uses: 'AB' and ten random hex digits. */
export const randomGatewayMac = () => `AB${randomBytes(5).toString('hex').toUpperCase()}`;

/** Registers a gateway in a customer through the API as the signed-in user; it never connects. Its MAC. */
export async function registerGateway(page: Page, scopeId: string, name: string): Promise<string> {
  const mac = randomGatewayMac();
  const response = await page.request.put('/api/gateway/register-gateway', {
    data: { MAC: mac, NAME: name, SID: scopeId, CRTD: Date.UTC(2024, 0, 1), tags: [], LCTN: {} },
  });
  if (response.status() >= 300)
    throw new Error(`register-gateway answered ${response.status()}: ${await response.text()}`);
  return mac;
}

/** Opens the gateways grid of a customer and waits for its cards. */
export async function openGatewayGrid(page: Page, scopeId: string): Promise<void> {
  const onGatewaysPage = hashPath(page).startsWith('/cli/gateways');
  await page.goto(`/#/cli/gateways/grid_view?scopeId=${scopeId}`);
  // Another customer's grid starts afresh, as when a user opens it from the customers list.
  if (onGatewaysPage) await page.reload();
  await page.getByRole('heading', { name: 'Gateways' }).waitFor();
  await page.getByRole('article').first().waitFor();
}

export const gatewayCard = (page: Page, name: string): Locator =>
  page.getByRole('article', { name, exact: true });

/** Picks an entry of a card's 'More actions' menu. */
export async function chooseMoreAction(card: Locator, label: string): Promise<void> {
  await card.getByRole('button', { name: 'More actions' }).click();
  await card.page().getByRole('menuitem', { name: label, exact: true }).click();
}

/** A snackbar (or any) text, waited for. */
export const seeText = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/**
 * Creates a portal user with `permissions` in `scopeId` through the API (as the signed-in root user), sets
 * the password from the mailed link in `other` and signs in there.
 */
export async function signInAsNewUser(
  root: Page,
  other: Page,
  smtp: TestSmtp,
  scopeId: string,
  permissions: string[],
  emailDomain = 'example.com',
): Promise<void> {
  const email = `viewer-${randomBytes(4).toString('hex')}@${emailDomain}`;
  const created = await root.request.post('/api/createPortalUser', {
    data: { email, firstName: 'Vera', lastName: 'Viewer', scopeId, permissions },
  });
  if (created.status() !== 201)
    throw new Error(`createPortalUser answered ${created.status()}: ${await created.text()}`);
  const mail = await smtp.waitForMessage(email, UI_TIMEOUT_MS);
  const link = mail.text.match(/https?:\/\/\S+#\/portal-user\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no set-password link in the mail:\n${mail.text}`);
  await other.goto(link);
  await other.getByLabel('New Password').fill(USER_PASSWORD);
  await other.getByLabel('Confirm Password').fill(USER_PASSWORD);
  await other.getByRole('button', { name: 'Set Password' }).click();
  await other.getByText('Password has been set successfully. Please sign in.').waitFor();
  await signIn(other, email, USER_PASSWORD);
  await other.waitForURL(/#\/cli\//);
}
