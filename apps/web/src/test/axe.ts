import axe from 'axe-core';

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Serious and critical axe-core violations in the document, one line each. jsdom lays nothing out,
 * so colour contrast is left to the Playwright audit (e2e/a11y.spec.ts).
 */
export async function blockingViolations(root: Element = document.body): Promise<string[]> {
  const { violations } = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
}
