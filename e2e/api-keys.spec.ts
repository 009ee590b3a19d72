import { beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import { type SharedPortal, sharedPortal } from './support/portal.ts';

/**
 * docs/api-keys.md (issue 31): root creates an API key in the browser with one permission, copies the secret
 * shown once, calls the API with it as another system would (fetch, like curl), is refused what the key lacks,
 * revokes it with a confirmation, and the next call is refused: at 1440 and 360 px.
 */

let portal: SharedPortal;
beforeAll(async () => {
  portal = await sharedPortal();
});

/** A call as another system makes it: no cookie, the key in `Authorization: Bearer`. */
const callWithKey = (key: string, path: string) =>
  fetch(`${portal.baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
  });

describe('API keys', () => {
  const session = useBrowser(() => portal.baseUrl);

  for (const width of [1440, 360]) {
    it(`creates a key, calls the API with it, revokes it and is refused (${width} px)`, async () => {
      const { page, context } = session;
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.baseUrl });
      await page.setViewportSize({ width, height: 900 });
      await signInAsRoot(page);
      if (width === 1440) {
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'API Keys' })
          .click();
      } else {
        await page.goto('/#/cli/api-keys');
      }
      await page.getByRole('heading', { name: 'API Keys' }).waitFor();

      const name = `Billing export ${width}`;
      await page.getByRole('button', { name: 'Create API key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create API key' });
      const create = dialog.getByRole('button', { name: 'Create', exact: true });
      expect(await create.isDisabled()).toBe(true);
      await dialog.getByLabel('Name').fill(name);
      // Only the user's own permissions are offered, and never the live channel's.
      expect(await dialog.getByRole('checkbox', { name: 'MQTT_AUTH' }).count()).toBe(0);
      await dialog.getByRole('checkbox', { name: 'IOT_DEVICE_READ', exact: true }).check();
      await create.click();

      const shown = page.getByRole('dialog', { name: 'Your new API key' });
      const secret = await shown.getByLabel('API key').inputValue();
      expect(secret).toMatch(/^iotp_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
      await shown.getByRole('button', { name: 'Copy' }).click();
      await shown.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await saveScreenshot(page, `api-keys secret ${width}`);
      await shown.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'detached' });
      // Shown once: nowhere on the page any more.
      expect(await page.getByText(secret.slice(-20)).count()).toBe(0);

      // The list shows the key: active, its one permission, never used yet.
      const entry =
        width === 1440
          ? page.getByRole('table', { name: 'API keys' }).getByRole('row').filter({ hasText: name })
          : page.getByRole('list', { name: 'API keys' }).getByRole('listitem', { name });
      await entry.getByText('Active').waitFor();
      await entry.getByText('IOT_DEVICE_READ').waitFor();
      await entry.getByText('Never').waitFor();

      // Another system calls the API with the key: what it may, and not what it lacks.
      const gateways = await callWithKey(secret, '/api/gateway/get-all-gateways');
      expect(gateways.status).toBe(200);
      expect(Array.isArray(await gateways.json())).toBe(true);
      expect((await callWithKey(secret, '/api/user-details')).status).toBe(403);

      // Its use is on the list once the page reads it again.
      await page.reload();
      await entry.getByText('Active').waitFor();
      expect(await entry.getByText('Never').count()).toBe(0);
      await saveScreenshot(page, `api-keys list ${width}`);

      await entry.getByRole('button', { name: `Revoke ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke the API key?' });
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await entry.getByText('Revoked').waitFor();
      expect(await entry.getByRole('button', { name: `Revoke ${name}` }).count()).toBe(0);
      expect((await callWithKey(secret, '/api/gateway/get-all-gateways')).status).toBe(401);
    });
  }
});
