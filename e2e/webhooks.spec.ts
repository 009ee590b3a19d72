import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';

/**
 * docs/webhooks.md (issue 31): root adds a webhook pointing at a receiver of its own (node:http on 127.0.0.1,
 * allowed by OUTBOUND_ALLOW_NETWORKS), copies the secret shown once, sends a test event, the receiver gets it
 * signed with that secret, and the delivery log shows it delivered: at 1440 and 360 px.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let portal: RunningPortal;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal-events`;
  portal = await startPortal('embedded', { OUTBOUND_ALLOW_NETWORKS: '127.0.0.0/8' });
});
afterAll(async () => {
  await portal?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

const signed = (secret: string, { headers, body }: Received) =>
  String(headers['webhook-signature'])
    .split(' ')
    .includes(
      `v1=${createHmac('sha256', secret).update(`${headers['webhook-timestamp']}.${body}`).digest('hex')}`,
    );

describe('Webhooks', () => {
  const session = useBrowser(() => portal.baseUrl);

  for (const width of [1440, 360]) {
    it(`adds a webhook, sends a test event and sees it delivered in the log (${width} px)`, async () => {
      const { page } = session;
      await page.setViewportSize({ width, height: 900 });
      await signInAsRoot(page);
      if (width === 1440) {
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Webhooks' })
          .click();
      } else {
        await page.goto('/#/cli/webhooks');
      }
      await page.getByRole('heading', { name: 'Webhooks' }).waitFor();

      const name = `Ticketing ${width}`;
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add webhook' });
      const add = dialog.getByRole('button', { name: 'Add', exact: true });
      expect(await add.isDisabled()).toBe(true);
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('URL').fill(receiverUrl);
      // A group's box ticks all of its types.
      await dialog.getByRole('checkbox', { name: 'Locks', exact: true }).check();
      expect(await dialog.getByRole('checkbox', { name: 'Lock unlocked' }).isChecked()).toBe(true);
      expect(await dialog.getByRole('checkbox', { name: 'Lock refused to open' }).isChecked()).toBe(true);
      await add.click();

      const shown = page.getByRole('dialog', { name: "The webhook's signing secret" });
      const secret = await shown.getByLabel('Secret').inputValue();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      await saveScreenshot(page, `webhooks secret ${width}`);
      await shown.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'detached' });
      expect(await page.getByText(secret.slice(-20)).count()).toBe(0);

      const card = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem', { name });
      await card.getByText(receiverUrl).waitFor();
      await card.getByText('Enabled').waitFor();
      const before = received.length;
      await card.getByRole('button', { name: 'Send test event' }).click();
      await page.getByText('Test event: Delivered').waitFor();
      expect(received.length).toBe(before + 1);
      const hit = received.at(-1) as Received;
      expect(JSON.parse(hit.body)).toMatchObject({ type: 'webhook.test' });
      expect(signed(secret, hit)).toBe(true);

      await card.getByRole('button', { name: 'Delivery log' }).click();
      const log =
        width === 1440
          ? card.getByRole('table', { name: `Deliveries of ${name}` })
          : card.getByRole('list', { name: `Deliveries of ${name}` });
      await log.getByText('Delivered').waitFor();
      await log.getByText('webhook.test').waitFor();
      await log.getByText('204').waitFor();
      await saveScreenshot(page, `webhooks delivery log ${width}`);

      // Deleted with a confirmation: gone from the list.
      await card.getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Delete the webhook?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await card.waitFor({ state: 'detached' });
    });
  }

  it('adds a batched webhook: both bounds checked, the test event sent as a batch of one, the log names the batch', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsRoot(page);
    await page.goto('/#/cli/webhooks');
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();

    const name = 'Batched receiver';
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('URL').fill(receiverUrl);
    await dialog.getByRole('checkbox', { name: 'Lock unlocked' }).check();
    await dialog.getByRole('switch', { name: 'Batch events' }).check();
    const events = dialog.getByLabel('Events a request, at most');
    const wait = dialog.getByLabel('Wait after the first event (ms), at most');
    await events.fill('1');
    expect(await add.isDisabled()).toBe(true);
    await events.fill('1001');
    expect(await add.isDisabled()).toBe(true);
    await events.fill('5');
    await wait.fill('9');
    expect(await add.isDisabled()).toBe(true);
    await wait.fill('100');
    expect(await add.isDisabled()).toBe(false);
    await add.click();
    const shown = page.getByRole('dialog', { name: "The webhook's signing secret" });
    const secret = await shown.getByLabel('Secret').inputValue();
    await shown.getByRole('button', { name: 'Done' }).click();

    const card = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem', { name });
    await card.getByText('Batched: up to 5 events or 100 ms').waitFor();
    const before = received.length;
    await card.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('Test event: Delivered').waitFor();
    expect(received.length).toBe(before + 1);
    const hit = received.at(-1) as Received;
    expect(JSON.parse(hit.body)).toMatchObject({
      type: 'batch',
      count: 1,
      events: [{ type: 'webhook.test' }],
    });
    expect(signed(secret, hit)).toBe(true);
    await card.getByRole('button', { name: 'Delivery log' }).click();
    const log = card.getByRole('table', { name: `Deliveries of ${name}` });
    await log.getByText('Batch of 1 event').waitFor();
    await saveScreenshot(page, 'webhooks batched delivery log 1440');
  });
});
