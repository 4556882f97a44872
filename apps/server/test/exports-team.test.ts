import { randomBytes } from 'node:crypto';
import {
  CSV_EXPORT_BATCH,
  ROLE_TITLES,
  neutraliseCell,
  teamExportPath,
  teamListResponseSchema,
  type TeamListItem,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { allPages, downloadCsv } from './support/csv';
import { DEMO } from './support/demo';
import { HOOK_TIMEOUT_MS, signedInClients, useTestApp } from './support/test-app';

/**
 * The company team as CSV: more members than a batch (CRM-created, so Not Invited), one whose name
 * and address a spreadsheet would run, a pending invitation, and a Globex member of the same name.
 */
const t = useTestApp();
const as = signedInClients(t);

const TAG = `zt${randomBytes(3).toString('hex')}`;
const MANY = CSV_EXPORT_BATCH + 5;
const FORMULA = { name: `=${TAG} Formula`, email: `+${TAG}@example.test` };
const INVITED = `${TAG}.invited@example.test`;
const GLOBEX = `${TAG}.globex@example.test`;

const HEADER = [
  'Name',
  'Email',
  'Role',
  'Status',
  'Last Active (UTC)',
  'Invitation Sent (UTC)',
  'Invitation Expires (UTC)',
];
const STATUS = { active: 'Active', invited: 'Invited', 'not-invited': 'Not Invited' };

beforeAll(async () => {
  await t.inspect(async (q) => {
    const company = `(SELECT id FROM companies WHERE name = $1)`;
    const role = (alias: string) => `(SELECT id FROM roles WHERE alias = '${alias}')`;
    await q(
      `INSERT INTO users (name, email, password_hash, role_id, company_id)
       SELECT $2 || ' Bulk ' || lpad(n::text, 5, '0'), $2 || '.bulk.' || n || '@example.test', '',
         CASE WHEN n % 2 = 0 THEN ${role('field_team')} ELSE ${role('manager')} END, ${company}
       FROM generate_series(1, $3::int) n`,
      [DEMO.admin.company, TAG, MANY],
    );
    await q(
      `INSERT INTO users (name, email, password_hash, role_id, company_id, last_active_at)
       VALUES ($2, $3, 'x', ${role('manager')}, ${company}, '2025-06-01T12:00:00Z')`,
      [DEMO.admin.company, FORMULA.name, FORMULA.email],
    );
    await q(
      `INSERT INTO users (name, email, password_hash, role_id, company_id)
       VALUES ($2, $3, '', ${role('field_team')}, ${company})`,
      [DEMO.globex.company, `${TAG} Globex`, GLOBEX],
    );
  });
  const invited = await (
    await as(DEMO.admin.email)
  ).post('/api/company/team/invite', { email: INVITED, role_alias: 'field_team' });
  expect(invited.status, invited.text).toBe(200);
}, HOOK_TIMEOUT_MS);

const exportOf = async (email: string, query: string) =>
  downloadCsv(await as(email), `${teamExportPath}?${query}`, 'team');

async function listed(email: string, query: string) {
  const client = await as(email);
  return allPages(async (page) => {
    const res = await client.get(`/api/company/team?${query}&page=${page}`);
    expect(res.status, res.text).toBe(200);
    return teamListResponseSchema.parse(res.body).data;
  });
}

/** A list row's cells as the export writes them. */
const cells = (m: TeamListItem) =>
  [
    m.name ?? '',
    m.email,
    m.role.title,
    STATUS[m.status],
    m.last_active_at ?? '',
    m.invitation?.sent_at ?? '',
    m.invitation?.expires_at ?? '',
  ].map(neutraliseCell);

describe('the team export', () => {
  it('holds every row of the list in its search and order, across batches', async () => {
    const query = `keyword=${TAG}&sort_by=email&sort_direction=desc`;
    const [header, ...rows] = await exportOf(DEMO.manager.email, query);
    expect(header).toEqual(HEADER);
    const items = await listed(DEMO.manager.email, query);
    expect(rows.length).toBe(MANY + 2);
    expect(rows).toEqual(items.map(cells));
  });

  it("applies the list's status and role filters", async () => {
    const query = `keyword=${TAG}&status=not-invited&role=manager&sort_by=name`;
    const rows = (await exportOf(DEMO.admin.email, query)).slice(1);
    expect(rows.length).toBe(Math.ceil(MANY / 2));
    expect(rows).toEqual((await listed(DEMO.admin.email, query)).map(cells));
    expect(new Set(rows.map((row) => `${row[2]}/${row[3]}`))).toEqual(
      new Set([`${ROLE_TITLES.manager}/Not Invited`]),
    );

    const [invitation] = (await exportOf(DEMO.admin.email, `keyword=${TAG}&status=invited`)).slice(
      1,
    );
    expect(invitation).toEqual([
      '',
      INVITED,
      ROLE_TITLES.field_team,
      'Invited',
      '',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    ]);
  });

  it('neutralises a name and an address a spreadsheet would run', async () => {
    const rows = (await exportOf(DEMO.admin.email, `keyword=${TAG} Formula`)).slice(1);
    expect(rows).toEqual([
      [
        `'${FORMULA.name}`,
        `'${FORMULA.email}`,
        ROLE_TITLES.manager,
        'Active',
        '2025-06-01T12:00:00.000Z',
        '',
        '',
      ],
    ]);
  });

  it("keeps to the caller's company", async () => {
    const acme = (await exportOf(DEMO.admin.email, `keyword=${TAG}`)).slice(1);
    expect(acme.map((row) => row[1])).not.toContain(GLOBEX);
    const globex = (await exportOf(DEMO.globex.email, `keyword=${TAG}`)).slice(1);
    expect(globex.map((row) => row[1])).toEqual([GLOBEX]);
  });

  it('is refused where the list is, and checks its query', async () => {
    for (const email of [DEMO.tech.email, DEMO.publisher.email]) {
      const client = await as(email);
      expect((await client.get('/api/company/team')).status).toBe(403);
      expect((await client.get(teamExportPath)).status).toBe(403);
    }
    expect((await t.client().get(teamExportPath)).status).toBe(401);
    // An admin who has not set up the company yet: the list's setup rule refuses both.
    const newAdmin = await as(DEMO.newadmin.email);
    expect((await newAdmin.get('/api/company/team')).status).toBe(403);
    expect((await newAdmin.get(teamExportPath)).status).toBe(403);
    const bad = await (await as(DEMO.admin.email)).get(`${teamExportPath}?sort_by=password`);
    expect(bad.status).toBe(422);
  });
});
