import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import { createCustomer, DEMO_CUSTOMER, scopeIdByName } from './support/gateway-details.ts';
import { type SharedPortal, sharedPortal } from './support/portal.ts';

/**
 * Issue 30, smaller items b: the lists on a 360 px phone. The pagination's next arrow is on the screen and
 * turns the page; e-mail addresses wrap after the '@' or at the domain's dots (or show on one line, cut, with
 * the whole address as their title), never inside a word.
 */
let portal: SharedPortal;
beforeAll(async () => {
  portal = await sharedPortal();
});

const WIDTH = 360;

/** Where the next-page arrow of each pagination on the page is, left and right edge. */
const nextArrows = (page: Page) =>
  page.getByRole('button', { name: 'Go to next page' }).evaluateAll((buttons) =>
    buttons.map((button) => {
      const box = button.getBoundingClientRect();
      return { left: Math.round(box.left), right: Math.round(box.right) };
    }),
  );

/**
 * Each shown address that breaks inside a word ('longco|mpany'), or is cut without its whole text as the
 * title. A break after '@' or '-' or before a '.' is where a reader expects one.
 */
const badlyShownEmails = (page: Page, emails: string[]) =>
  page.evaluate((emails) => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const text = element.textContent ?? '';
      if (!emails.includes(text) || [...element.children].some((child) => child.textContent === text))
        continue;
      if (element.scrollWidth > element.clientWidth && element.title !== text)
        found.push(`${text} cut, no title`);
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let top: number | undefined;
      let before = '';
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let i = 0; i < node.data.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (!rect) continue;
          const character = node.data[i] ?? '';
          if (top !== undefined && rect.top > top + 2 && !['@', '-'].includes(before) && character !== '.')
            found.push(`${text} broken at ${before}|${character}`);
          top = rect.top;
          before = character;
        }
      }
    }
    return found;
  }, emails);

async function openList(page: Page, route: string, heading: string): Promise<void> {
  await page.goto(`/#${route}`);
  await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
  await page.getByRole('button', { name: 'Go to next page' }).first().waitFor();
}

async function nextPageOnScreen(page: Page, label: string): Promise<void> {
  const arrows = await nextArrows(page);
  expect(arrows.length, label).toBeGreaterThan(0);
  for (const arrow of arrows) {
    expect(arrow.left, label).toBeGreaterThanOrEqual(0);
    expect(arrow.right, label).toBeLessThanOrEqual(WIDTH);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(WIDTH);
}

describe('Lists at 360 px', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('keep the next arrow on the screen and e-mail addresses whole', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const tag = randomBytes(2).toString('hex');
    const scopeId = await createCustomer(page, `Narrow ${tag}`);
    const portalEmails: string[] = [];
    const lockEmails: string[] = [];
    for (let i = 10; i < 22; i++) {
      // 38 characters: the longest allowed is 40.
      const portalEmail = `maximilian.${tag}${i}@longcompany-mail.com`;
      const lockEmail = `konstantin.${tag}${i}@longcompany-mail.com`;
      const user = await page.request.post('/api/createPortalUser', {
        data: { email: portalEmail, firstName: 'Maximilian', lastName: `Lang${i}`, scopeId, permissions: [] },
      });
      expect(user.status()).toBe(201);
      const lockUser = await page.request.post('/api/create-new-iot-lock-user', {
        data: { email: lockEmail, firstName: 'Konstantin', lastName: `Lang${i}`, scopeId },
      });
      expect(lockUser.status()).toBe(201);
      portalEmails.push(portalEmail);
      lockEmails.push(lockEmail);
    }
    const alert = await page.request.post('/api/alert/createAlert', {
      data: { alertType: 'UNLOCK', receivers: [portalEmails[0]], scopeId },
    });
    expect(alert.status()).toBe(201);
    const demo = await scopeIdByName(page, DEMO_CUSTOMER);
    await page.setViewportSize({ width: WIDTH, height: 740 });

    await openList(page, `/cli/portal_users?scopeId=${scopeId}`, 'Users');
    await saveScreenshot(page, 'narrow users 360');
    await nextPageOnScreen(page, 'users');
    expect(await badlyShownEmails(page, portalEmails)).toEqual([]);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.getByText('11–12 of 12').waitFor();

    await openList(page, `/cli/lock-users?scopeId=${scopeId}`, 'Lock Users');
    await saveScreenshot(page, 'narrow lock users 360');
    await nextPageOnScreen(page, 'lock users');
    expect(await badlyShownEmails(page, lockEmails)).toEqual([]);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.getByText('11–12 of 12').waitFor();

    await openList(page, '/admin/tenants', 'Customers');
    await saveScreenshot(page, 'narrow customers 360');
    await nextPageOnScreen(page, 'customers');

    await openList(page, `/cli/gateways/list_view?scopeId=${demo}`, 'Gateways');
    await saveScreenshot(page, 'narrow gateways 360');
    await nextPageOnScreen(page, 'gateways');

    await openList(page, `/cli/alerts?scopeId=${scopeId}`, 'Alerts');
    await saveScreenshot(page, 'narrow alerts 360');
    await nextPageOnScreen(page, 'alerts');
  });
});
