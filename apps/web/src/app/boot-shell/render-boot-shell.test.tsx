import { describe, expect, it } from 'vitest';
import { BOOT_SHELL_PAGES, renderBootShell } from './render-boot-shell';
import table from '../route-preloads.json';

describe('boot shells (ADR 021)', () => {
  it("draws the customers page's frame, title and loading table", () => {
    const html = renderBootShell('customers');
    expect(html).toMatch(/<h1[^>]*>Customers<\/h1>/);
    expect(html).toContain('placeholder="Search by name, customer ID or job ID"');
    expect(html).toContain('aria-label="Open navigation"');
    expect(html).not.toContain('aria-label="Go back"');
  });

  it("draws the interaction page's title with Back and its skeleton", () => {
    const html = renderBootShell('interaction');
    expect(html).toMatch(/<h1[^>]*>Interaction Detail<\/h1>/);
    expect(html).toContain('aria-label="Go back"');
    expect(html).toContain('aria-label="Loading the interaction"');
    // The player's static keyboard help: real text at once, not only grey blocks.
    expect(html).toContain('Space plays or pauses; the arrow keys skip 5 seconds.');
  });

  it('names in the page table only outlines that exist', () => {
    const named = table.pages.flatMap((page) => ('bootShell' in page ? [page.bootShell] : []));
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(Object.keys(BOOT_SHELL_PAGES)).toContain(name);
    expect(() => renderBootShell('nope')).toThrow("No boot shell named 'nope'");
  });
});
