import {
  AUTH_MESSAGES,
  INTERACTION_SORT_FIELDS,
  interactionAudioPath,
  interactionDetailResponseSchema,
  interactionListResponseSchema,
  interactionTranscriptPath,
  MESSAGES,
  type InteractionDetail,
  type InteractionListItem,
  type InteractionSortField,
  type SortDirection,
} from '@fieldbot/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO } from './support/demo';
import {
  TECH_NAMES,
  useInteractionFixtures,
  type InteractionFixture,
} from './support/interaction-fixtures';
import {
  signedInClients,
  SLOW_TEST_TIMEOUT_MS,
  useTestApp,
  type SqlQuery,
} from './support/test-app';

const t = useTestApp();
const fx = useInteractionFixtures(t);
const as = signedInClients(t);

const customerId = (name: string) => fx.customers.find((c) => c.name === name)!.id;
const interaction = (number: string) => fx.interactions.find((i) => i.number === number)!;
const detailPath = (i: InteractionFixture) => `/api/company/interaction/${i.id}/${i.type}`;
const deltaInteractions = () =>
  fx.interactions.filter((i) => i.customer === customerId('Delta Offices'));

async function list(email: string, customer: string, query: Record<string, string> = {}) {
  const res = await (await as(email)).get(`/api/company/interactions/${customer}`, { query });
  expect(res.status, res.text).toBe(200);
  return interactionListResponseSchema.parse(res.body).data;
}

/** R-000101 as the list shows it; the detail adds to these fields. */
function r101ListItem(): InteractionListItem {
  const r101 = interaction('R-000101');
  return {
    id: r101.id,
    interaction_id: 'R-000101',
    type: 'field-recording',
    call_type: null,
    status: 'completed',
    download_status: null,
    recording_by: TECH_NAMES.tech1,
    created_at: r101.startedAt,
    duration: 65.5,
    job_id: 'J-5004',
  };
}

/** Field Team: the recorder, else the technician of the interaction's job. */
function recordingBy(i: InteractionFixture): string | null {
  if (i.recordedBy) return TECH_NAMES[i.recordedBy];
  const job = fx.customers.flatMap((c) => c.jobs).find((j) => j.number === i.job);
  return job?.technician ? TECH_NAMES[job.technician] : null;
}

/** The order the API promises: PostgreSQL's (NULLS LAST ascending, FIRST descending), id last. */
function expectedOrder(
  rows: InteractionFixture[],
  field: InteractionSortField,
  direction: SortDirection,
): InteractionFixture[] {
  const keys: Record<InteractionSortField, (i: InteractionFixture) => (string | number | null)[]> =
    {
      type: (i) => [i.type, i.startedAt, i.id],
      job_id: (i) => [i.job, i.id],
      recording_by: (i) => [recordingBy(i), i.id],
      created_at: (i) => [i.startedAt, i.id],
      duration: (i) => [i.duration, i.id],
    };
  const cmp = (a: string | number | null, b: string | number | null) => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return a < b ? -1 : 1;
  };
  const ascending = [...rows].sort((a, b) => {
    const ka = keys[field](a);
    const kb = keys[field](b);
    for (let k = 0; k < ka.length; k++) {
      const c = cmp(ka[k]!, kb[k]!);
      if (c !== 0) return c;
    }
    return 0;
  });
  return direction === 'asc' ? ascending : ascending.reverse();
}

describe('GET /api/company/interactions/:id', () => {
  it('pages by 10, newest first by default, with the count and the contract fields', async () => {
    const delta = customerId('Delta Offices');
    const first = await list(fx.accounts.admin, delta);
    const second = await list(fx.accounts.admin, delta, { page: '2' });
    expect(first.count).toBe(13);
    expect(second.count).toBe(13);
    expect(first.items).toHaveLength(10);
    expect([...first.items, ...second.items].map((i) => i.interaction_id)).toEqual(
      expectedOrder(deltaInteractions(), 'created_at', 'desc').map((i) => i.number),
    );
    // Past the last page: no rows to carry the count, which is then read with the customer.
    expect(await list(fx.accounts.admin, delta, { page: '3' })).toMatchObject({
      items: [],
      count: 13,
    });

    const r101 = interaction('R-000101');
    expect(first.items.find((i) => i.id === r101.id)).toEqual(r101ListItem());
    const call = first.items.find((i) => i.interaction_id === 'CALL-9002')!;
    expect(call).toMatchObject({
      type: 'csr-call',
      call_type: 'Unbooked',
      download_status: 'error',
      // No recorder: the technician of the call's job.
      recording_by: TECH_NAMES.tech2,
      job_id: 'J-5005',
    });
    const noJob = first.items.find((i) => i.interaction_id === 'CALL-9003')!;
    expect(noJob).toMatchObject({ recording_by: null, job_id: null, duration: null });
  });

  for (const field of INTERACTION_SORT_FIELDS) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`sorts by ${field} ${direction} across pages`, async () => {
        const delta = customerId('Delta Offices');
        const query = { sort_by: field, sort_direction: direction };
        const page1 = await list(fx.accounts.admin, delta, query);
        const page2 = await list(fx.accounts.admin, delta, { ...query, page: '2' });
        expect([...page1.items, ...page2.items].map((i) => i.interaction_id)).toEqual(
          expectedOrder(deltaInteractions(), field, direction).map((i) => i.number),
        );
      });
    }
  }

  it('filters by interaction type, with the count of that type', async () => {
    const delta = customerId('Delta Offices');
    for (const type of ['csr-call', 'field-recording'] as const) {
      const page = await list(fx.accounts.admin, delta, { type, sort_direction: 'asc' });
      const expected = expectedOrder(
        deltaInteractions().filter((i) => i.type === type),
        'created_at',
        'asc',
      );
      expect(page.count).toBe(expected.length);
      expect(page.items.map((i) => i.interaction_id)).toEqual(
        expected.slice(0, 10).map((i) => i.number),
      );
    }
  });

  it('finds by interaction id, job id, Field Team name and transcript words', async () => {
    const delta = customerId('Delta Offices');
    const numbers = async (keyword: string, extra: Record<string, string> = {}) =>
      (await list(fx.accounts.admin, delta, { keyword, sort_direction: 'asc', ...extra })).items
        .map((i) => i.interaction_id)
        .sort();
    expect(await numbers('r-000103')).toEqual(['R-000103']);
    expect(await numbers('call-900')).toEqual([
      'CALL-9001',
      'CALL-9002',
      'CALL-9003',
      'CALL-9004',
      'CALL-9005',
    ]);
    expect(await numbers('J-5005')).toEqual(['CALL-9002', 'R-000103', 'R-000104', 'R-000107']);
    // Field Team: the recorder's name, or the job technician's for calls nobody recorded.
    expect(await numbers('omar')).toEqual([
      'CALL-9002',
      'R-000103',
      'R-000105',
      'R-000107',
      'R-000108',
    ]);
    expect(await numbers('thermostat')).toEqual(['R-000102']);
    // Full-text search stems words: "leak" finds "leaking".
    expect(await numbers('leak')).toEqual(['R-000101']);
    expect(await numbers('furnace inspection')).toEqual(['CALL-9001']);
    expect(await numbers('boiler', { type: 'csr-call' })).toEqual([]);
    expect(await numbers('nothing matches this')).toEqual([]);
    const counted = await list(fx.accounts.admin, delta, { keyword: 'tina' });
    expect(counted.count).toBe(counted.items.length);
    expect(counted.items.every((i) => i.recording_by === TECH_NAMES.tech1)).toBe(true);
  });

  it("does not mix in another customer's interactions", async () => {
    const bravo = await list(fx.accounts.admin, customerId('Bravo Residence'));
    expect(bravo.items.map((i) => i.interaction_id)).toEqual(['R-000201']);
    expect(bravo.count).toBe(1);
    expect((await list(fx.accounts.admin, customerId('Hotel Grand'))).count).toBe(0);
  });

  it('shows a field technician only interactions of their jobs or recorded by them', async () => {
    const delta = customerId('Delta Offices');
    const tech1 = await list(fx.accounts.tech1, delta);
    expect(tech1.items.map((i) => i.interaction_id).sort()).toEqual([
      'CALL-9001',
      'CALL-9005',
      'R-000101',
      'R-000102',
      'R-000104', // recorded by tech1 on tech2's job
      'R-000106', // recorded by tech1, no job
      'R-000108', // recorded by tech2 on tech1's job
    ]);
    expect(tech1.count).toBe(7);
    const tech2 = await list(fx.accounts.tech2, delta);
    expect(tech2.items.map((i) => i.interaction_id).sort()).toEqual([
      'CALL-9002',
      'R-000103',
      'R-000104',
      'R-000105',
      'R-000107',
      'R-000108',
    ]);
    expect(
      (await list(fx.accounts.tech1, delta, { keyword: 'omar' })).items.map(
        (i) => i.interaction_id,
      ),
    ).toEqual(['R-000108']);
    // A customer with none of the technician's jobs has no list for them.
    const res = await (
      await as(fx.accounts.tech1)
    ).get(`/api/company/interactions/${customerId('Bravo Residence')}`);
    expect(res.status).toBe(404);
  });

  it("answers 404 for another company's customer, however it is asked", async () => {
    const delta = customerId('Delta Offices');
    for (const email of [DEMO.globex.email, DEMO.admin.email, DEMO.tech.email]) {
      const client = await as(email);
      const queries: Record<string, string>[] = [
        {},
        { keyword: 'boiler' },
        { page: '2', sort_by: 'job_id' },
      ];
      for (const query of queries) {
        const res = await client.get(`/api/company/interactions/${delta}`, { query });
        expect(res.status, `${email}: ${res.text}`).toBe(404);
        expect(res.body.message).toBe(AUTH_MESSAGES.notFound);
      }
    }
  });

  const invalid: [string, Record<string, string>, string][] = [
    ['page', { page: '0' }, MESSAGES.invalidValue],
    ['page', { page: '-1' }, MESSAGES.invalidValue],
    ['page', { page: 'x' }, MESSAGES.invalidValue],
    ['page', { page: '1.5' }, MESSAGES.invalidValue],
    ['page', { page: '100001' }, MESSAGES.invalidValue],
    ['page', { page: '1e400' }, MESSAGES.invalidValue],
    ['sort_by', { sort_by: 'transcript_text' }, MESSAGES.selectValidValue],
    ['sort_by', { sort_by: 'id;drop table interactions' }, MESSAGES.selectValidValue],
    ['sort_direction', { sort_direction: 'DESC ' }, MESSAGES.selectValidValue],
    ['type', { type: 'voicemail' }, MESSAGES.selectValidValue],
    ['keyword', { keyword: 'w'.repeat(101) }, MESSAGES.invalidValue],
  ];
  for (const [field, query, message] of invalid) {
    it(`answers 422 for ${field}=${Object.values(query)[0]!.slice(0, 24)}`, async () => {
      const res = await (
        await as(fx.accounts.admin)
      ).get(`/api/company/interactions/${customerId('Delta Offices')}`, { query });
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    });
  }

  it('answers 422 for a customer id that is not a uuid', async () => {
    const res = await (await as(fx.accounts.admin)).get('/api/company/interactions/42');
    expect(res.status).toBe(422);
    expect(res.body.errors.id).toEqual([MESSAGES.invalidValue]);
  });

  it('takes websearch syntax and odd characters in the keyword without failing', async () => {
    const delta = customerId('Delta Offices');
    for (const keyword of ['"boiler valve"', 'boiler -valve', 'or', '!!!', "o'brien", '\\', ':*']) {
      const res = await (
        await as(fx.accounts.admin)
      ).get(`/api/company/interactions/${delta}`, {
        query: { keyword },
      });
      expect(res.status, `${keyword}: ${res.text}`).toBe(200);
    }
  });
});

describe('the count of an unfiltered list', () => {
  // Without keyword, type or technician scope the list's count is customers.interactions_count,
  // kept by a trigger on interactions: it must follow every insert, move and delete.
  it(
    'follows interactions inserted, moved to another customer and deleted',
    async () => {
      const hotel = customerId('Hotel Grand');
      const lima = customerId('Lima Bakery');
      const id = randomUUID();
      const stored = async (q: SqlQuery) => {
        const rows = await q(
          `SELECT c.id, c.interactions_count AS stored,
             (SELECT count(*)::int FROM interactions i WHERE i.customer_id = c.id) AS real
           FROM customers c WHERE c.id IN ($1, $2)`,
          [hotel, lima],
        );
        return Object.fromEntries(rows.map((r) => [r.id, [r.stored, r.real]]));
      };
      const counts = async () => ({
        hotel: (await list(fx.accounts.admin, hotel)).count,
        lima: (await list(fx.accounts.admin, lima)).count,
        // With a type filter the count is a real count(*): both must agree.
        limaCounted: (await list(fx.accounts.admin, lima, { type: 'field-recording' })).count,
      });

      const afterInsertAndMove = await t.inspect(async (q) => {
        await q(
          `INSERT INTO interactions (id, company_id, customer_id, number, type, status)
           VALUES ($1, $2, $3, 'R-TRIGGER', 'field-recording', 'completed')`,
          [id, fx.companyId, hotel],
        );
        const inserted = await stored(q);
        await q(`UPDATE interactions SET customer_id = $2 WHERE id = $1`, [id, lima]);
        return { inserted, moved: await stored(q) };
      });
      expect(afterInsertAndMove.inserted).toEqual({ [hotel]: [1, 1], [lima]: [0, 0] });
      expect(afterInsertAndMove.moved).toEqual({ [hotel]: [0, 0], [lima]: [1, 1] });
      expect(await counts()).toEqual({ hotel: 0, lima: 1, limaCounted: 1 });
      const page = await list(fx.accounts.admin, lima);
      expect(page.items.map((i) => i.interaction_id)).toEqual(['R-TRIGGER']);

      const afterDelete = await t.inspect(async (q) => {
        await q(`DELETE FROM interactions WHERE id = $1`, [id]);
        return stored(q);
      });
      expect(afterDelete).toEqual({ [hotel]: [0, 0], [lima]: [0, 0] });
      expect(await counts()).toEqual({ hotel: 0, lima: 0, limaCounted: 0 });
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('GET /api/company/interaction/:interactionId/:interactionType', () => {
  it('returns the detail: customer, audio, peaks, transcript and ordered segments', async () => {
    const r101 = interaction('R-000101');
    const res = await (await as(fx.accounts.manager)).get(detailPath(r101));
    expect(res.status, res.text).toBe(200);
    expect(interactionDetailResponseSchema.parse(res.body).data).toEqual<InteractionDetail>({
      ...r101ListItem(),
      customer: { id: customerId('Delta Offices'), name: 'Delta Offices', do_not_record: false },
      consent: null,
      audio_deleted_at: null,
      transcript_deleted_at: null,
      audio_url: interactionAudioPath(r101.id, 'field-recording'),
      audio_peaks: fx.audioPeaks,
      audio_merge_status: 'completed',
      audio_merge_error_message: null,
      transcript: r101.transcript,
      transcript_status: 'completed',
      transcript_error_message: null,
      transcript_segments: r101.segments,
      transcript_engine: null,
      transcript_url: interactionTranscriptPath(r101.id, 'field-recording'),
    });
  });

  it('has no audio or transcript address while there is none', async () => {
    const admin = await as(fx.accounts.admin);
    const inProgress = (await admin.get(detailPath(interaction('R-000104')))).body.data;
    expect(inProgress).toMatchObject({
      status: 'in-progress',
      audio_url: null,
      audio_peaks: null,
      transcript: null,
      transcript_segments: [],
      transcript_url: null,
    });
    const call = (await admin.get(detailPath(interaction('CALL-9001')))).body.data;
    expect(call).toMatchObject({
      type: 'csr-call',
      call_type: 'Booked',
      audio_url: null,
      transcript: 'Customer called to book a furnace inspection.',
      transcript_segments: [],
      transcript_url: interactionTranscriptPath(interaction('CALL-9001').id, 'csr-call'),
    });
  });

  it('answers 404 when the type in the path is not the interaction type', async () => {
    const admin = await as(fx.accounts.admin);
    const r101 = interaction('R-000101');
    const call = interaction('CALL-9001');
    for (const path of [
      `/api/company/interaction/${r101.id}/csr-call`,
      `/api/company/interaction/${call.id}/field-recording`,
      `/api/company/interaction/${r101.id}/csr-call/audio`,
      `/api/company/interaction/${r101.id}/csr-call/transcript`,
    ]) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe(AUTH_MESSAGES.notFound);
    }
  });

  it('answers 422 for a malformed id or type and 404 for an unknown id', async () => {
    const admin = await as(fx.accounts.admin);
    const r101 = interaction('R-000101');
    const badType = await admin.get(`/api/company/interaction/${r101.id}/voicemail`);
    expect(badType.status).toBe(422);
    expect(badType.body.errors.interactionType).toEqual([MESSAGES.invalidValue]);
    const badId = await admin.get('/api/company/interaction/R-000101/field-recording');
    expect(badId.status).toBe(422);
    expect(badId.body.errors.interactionId).toEqual([MESSAGES.invalidValue]);
    const unknown = await admin.get(
      '/api/company/interaction/3b241101-e2bb-4255-8caf-4136c566a962/field-recording',
    );
    expect(unknown.status).toBe(404);
  });

  it("answers 404 for another company's interaction, its audio and its transcript", async () => {
    const r101 = interaction('R-000101');
    for (const email of [
      DEMO.globex.email,
      DEMO.admin.email,
      DEMO.manager.email,
      DEMO.tech.email,
    ]) {
      const client = await as(email);
      for (const suffix of ['', '/audio', '/transcript']) {
        const res = await client.get(`${detailPath(r101)}${suffix}`);
        expect(res.status, `${email} ${suffix}: ${res.text}`).toBe(404);
        expect(res.body.message).toBe(AUTH_MESSAGES.notFound);
      }
    }
  });

  it('gives a field technician 404 for interactions outside their jobs and recordings', async () => {
    const tech1 = await as(fx.accounts.tech1);
    for (const number of ['R-000101', 'R-000104', 'R-000106', 'R-000108', 'CALL-9001']) {
      expect((await tech1.get(detailPath(interaction(number)))).status, number).toBe(200);
    }
    for (const number of [
      'R-000103',
      'R-000105',
      'R-000107',
      'CALL-9002',
      'CALL-9003',
      'R-000201',
    ]) {
      const i = interaction(number);
      for (const suffix of ['', '/audio', '/transcript']) {
        const res = await tech1.get(`${detailPath(i)}${suffix}`);
        expect(res.status, `${number}${suffix}`).toBe(404);
      }
    }
  });
});

describe('GET …/transcript', () => {
  it('downloads "[mm:ss] Speaker: text" lines as <interaction_id>.txt', async () => {
    const res = await (
      await as(fx.accounts.tech1)
    ).get(`${detailPath(interaction('R-000101'))}/transcript`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="R-000101.txt"');
    expect(res.text).toBe(
      '[00:00] Speaker 1: Hello, I am here to look at the boiler.\n' +
        '[00:04] Speaker 2: The boiler is leaking near the valve.\n' +
        '[01:02] Speaker 1: All done, thank you.\n',
    );
  });

  it('falls back to the transcript text when there are no segments', async () => {
    const res = await (
      await as(fx.accounts.admin)
    ).get(`${detailPath(interaction('CALL-9001'))}/transcript`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="CALL-9001.txt"');
    expect(res.text).toBe('Customer called to book a furnace inspection.\n');
  });

  it('answers 404 while there is no transcript', async () => {
    const res = await (
      await as(fx.accounts.admin)
    ).get(`${detailPath(interaction('R-000104'))}/transcript`);
    expect(res.status).toBe(404);
  });
});

describe('access to the interaction routes', () => {
  it('is refused to publisher accounts (403) and to anonymous callers (401)', async () => {
    const r101 = interaction('R-000101');
    const paths = [
      `/api/company/interactions/${customerId('Delta Offices')}`,
      detailPath(r101),
      `${detailPath(r101)}/audio`,
      `${detailPath(r101)}/transcript`,
    ];
    for (const email of [DEMO.publisher.email, DEMO.publisherUser.email]) {
      const client = await as(email);
      for (const path of paths)
        expect((await client.get(path)).status, `${email} ${path}`).toBe(403);
    }
    const anonymous = t.client();
    for (const path of paths) expect((await anonymous.get(path)).status, path).toBe(401);
  });
});
