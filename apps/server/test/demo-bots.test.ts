import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BOTS, DEMO_SUBSCRIBED_BOTS } from '../src/seed/demo-bots';
import { HOOK_TIMEOUT_MS, useTestApp } from './support/test-app';

// The demo publisher's bots, read straight from the seeded database.

const t = useTestApp();
type Row = Record<string, unknown>;
let rows: { bots: Row[]; versions: Row[]; subscriptions: Row[] };

beforeAll(async () => {
  rows = await t.inspect(async (query) => ({
    bots: await query(`SELECT b.*, p.name AS publisher FROM bots b
      JOIN publishers p ON p.id = b.publisher_id ORDER BY b.name`),
    versions: await query(`SELECT v.*, b.name AS bot FROM bot_versions v
      JOIN bots b ON b.id = v.bot_id ORDER BY b.name`),
    subscriptions: await query(`SELECT c.name AS company, b.name AS bot, cb.version_id,
      v.bot_id AS version_bot_id, cb.bot_id FROM company_bots cb
      JOIN companies c ON c.id = cb.company_id JOIN bots b ON b.id = cb.bot_id
      JOIN bot_versions v ON v.id = cb.version_id ORDER BY b.name`),
  }));
}, HOOK_TIMEOUT_MS);

describe('demo bots', () => {
  it('are Northwind’s, published at version 1 with no unpublished changes', () => {
    expect(rows.bots.map((b) => b.name)).toEqual(DEMO_BOTS.map((b) => b.name).sort());
    for (const bot of rows.bots) {
      expect(bot).toMatchObject({
        publisher: 'Northwind Bots',
        status: 'published',
        engine: 'rules',
        latest_version: 1,
        has_unpublished_changes: false,
      });
    }
  });

  it('each have a frozen version 1 equal to the draft', () => {
    expect(rows.versions.map((v) => v.bot)).toEqual(rows.bots.map((b) => b.name));
    rows.versions.forEach((version, i) => {
      const bot = rows.bots[i]!;
      expect(version).toMatchObject({
        number: 1,
        name: bot.name,
        prompt: bot.prompt,
        trigger: bot.trigger,
        trigger_event: bot.trigger_event,
        engine: 'rules',
      });
      expect(version.output_tags).toEqual(bot.output_tags);
    });
  });

  it('subscribe Acme and Globex, and no other company, to the same ones at version 1', () => {
    expect(rows.subscriptions.map((s) => [s.company, s.bot]).sort()).toEqual(
      ['Acme Home Services', 'Globex Plumbing'].flatMap((company) =>
        [...DEMO_SUBSCRIBED_BOTS].sort().map((name) => [company, name]),
      ),
    );
    for (const s of rows.subscriptions) expect(s.version_bot_id).toBe(s.bot_id);
  });
});
