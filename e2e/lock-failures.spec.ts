import { afterAll, beforeAll, describe, it } from 'vitest';
import { saveScreenshot, signInAsRoot, useBrowser } from './support/browser.ts';
import { type SharedPortal, sharedPortal } from './support/portal.ts';
import { type SimulatedGateways, startSimulatedGateways } from './support/simulator.ts';

/**
 * Issue 30.6: a lock or unlock the lock refuses says what that means for the person at the door and what to do,
 * the gateway's code kept as a detail (docs/locks.md "Lock and unlock").
 */
let portal: SharedPortal;
let gateways: SimulatedGateways;
beforeAll(async () => {
  portal = await sharedPortal();
  // Locks that refuse every command of the gateway (REJECTED), and nothing else goes wrong.
  gateways = await startSimulatedGateways(portal, {
    name: 'Refusing',
    whitelist: '*',
    locks: { rejectRate: 1, unreachableRate: 0, jamRate: 0, openingsPerHour: 0, outOfRangePerHour: 0 },
  });
});
afterAll(async () => {
  await gateways?.stop();
});

/** The simulator takes 1.5 to 5 s a lock command; the answer then comes over MQTT. */
const RESULT_TIMEOUT_MS = 30_000;

describe('Lock failures', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('says why a refused lock instruction failed and what to do, with its code as a detail', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    await page.goto(`/#/cli/locks?scopeId=${gateways.scopeId}&macId=${gateways.macs[0]}`);
    const row = page
      .getByRole('table', { name: 'Locks' })
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /^(Unlock|Lock) / }) })
      .first();
    await row.waitFor({ timeout: RESULT_TIMEOUT_MS });
    const name = (await row.getByRole('rowheader').innerText()).trim();
    const toggle = row.getByRole('button', { name: new RegExp(`^(Unlock|Lock) ${name}$`) });
    const verb = (await toggle.getAttribute('aria-label'))!.startsWith('Unlock') ? 'unlock' : 'lock';
    await toggle.click();
    await page
      .getByText(
        `${name} did not ${verb}: the lock refused the gateway's command (it did not accept the gateway's key). ` +
          'Try again; if it keeps refusing, pair the lock with its gateway again. (code REJECTED)',
        { exact: true },
      )
      .waitFor({ timeout: RESULT_TIMEOUT_MS });
    await saveScreenshot(page, 'lock instruction refused');
  });
});
