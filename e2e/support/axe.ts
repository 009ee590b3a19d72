import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { UI_TIMEOUT_MS } from './browser.ts';

/** WCAG 2.1 A and AA rules. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The serious and critical axe-core violations on the page as it is, one line each (empty: none); `exclude`:
 * CSS selectors of parts left out of the scan.
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join('; ')}`,
    );
}

/**
 * Waits until the screen has settled (no progress bar), then expects no serious violation from axe-core;
 * `exclude` as for seriousViolations.
 */
export async function expectAccessible(page: Page, screen: string, exclude: string[] = []): Promise<void> {
  await page
    .getByRole('progressbar')
    .first()
    .waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS })
    .catch(() => {});
  expect(await seriousViolations(page, exclude), screen).toEqual([]);
}
