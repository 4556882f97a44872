import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const SCHEMES = ['light', 'dark'] as const;
const BLOCKING = new Set(['serious', 'critical']);
/** WCAG 2.0–2.2 A and AA (2.2 adds target-size: 24 × 24 px) and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/**
 * The dark scheme changes colours only (same DOM, same sizes), so there only the rules that read
 * colours run: every rule in the light scheme, the colour rules again in the dark one.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Every serious or critical axe violation of the page as it is now, in the light and the dark
 * scheme, one line each. Legacy mode runs axe in the page itself: the default opens a blank page
 * per check to merge frame results, which was half of each check's time (the app has no iframes).
 */
export async function axeFindings(page: Page, label: string): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    const axe = new AxeBuilder({ page }).setLegacyMode();
    const { violations } = await (
      scheme === 'light' ? axe.withTags(AXE_TAGS) : axe.withRules(COLOUR_RULES)
    ).analyze();
    for (const v of violations.filter((v) => BLOCKING.has(v.impact ?? ''))) {
      for (const node of v.nodes) {
        found.push(`${label} [${scheme}] ${v.id}: ${node.target.join(' ')} ${node.failureSummary}`);
      }
    }
  }
  return found;
}
