import {
  CONSENT_NOTICE_VERSION,
  PRIVACY_SETTINGS_API_PATH,
  PRIVACY_SETTINGS_MESSAGES,
  interactionDetailResponseSchema,
  interactionTranscriptPath,
  privacySettingsResponseSchema,
  type PrivacySettings,
} from '@fieldbot/shared';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { DEMO } from './support/demo';
import { startFakeSttServer, type FakeSttServer } from './support/fake-stt-server';
import {
  insertFixtures,
  renderAudio,
  uploadFile,
  waitFor,
  type Fixtures,
} from './support/recordings';
import {
  HOOK_TIMEOUT_MS,
  SLOW_TEST_TIMEOUT_MS,
  signedInClients,
  useTestApp,
  type SqlQuery,
} from './support/test-app';

/**
 * Settings → Privacy over the real app: who may read and change the settings, validation, the
 * audit entry, and what the redaction settings do to a recording's transcript and audio (real
 * pipeline jobs, real ffmpeg, a local OpenAI-compatible speech-to-text server).
 */
let stt: FakeSttServer;
const env: Record<string, string> = {
  STT_API_KEY: 'test-stt-key',
  PIPELINE_RETRY_LIMIT: '1',
  PIPELINE_RETRY_DELAY_SECONDS: '0',
};
beforeAll(async () => {
  stt = await startFakeSttServer();
  env.STT_BASE_URL = stt.baseUrl;
});
const t = useTestApp({ env });
const as = signedInClients(t);
afterAll(async () => {
  await stt.close();
});

const DEFAULTS: PrivacySettings = {
  consent_method: 'confirmation',
  audio_retention_days: null,
  transcript_retention_days: null,
  redact_emails: false,
  redact_phones: false,
  bleep_audio: false,
  vocabulary: [],
};

const read = async (email: string) => {
  const res = await (await as(email)).get(PRIVACY_SETTINGS_API_PATH);
  expect(res.status, res.text).toBe(200);
  return privacySettingsResponseSchema.parse(res.body).data;
};

const save = async (email: string, body: object) =>
  (await as(email)).request('PUT', PRIVACY_SETTINGS_API_PATH, body);

const auditRows = (companyName: string) =>
  t.inspect((q: SqlQuery) =>
    q(
      `SELECT a.actor_email, a.company_id, a.target_type, a.target_id, a.meta
         FROM audit_log a JOIN companies c ON c.id = a.company_id
        WHERE a.event = 'privacy.settings_changed' AND c.name = $1
        ORDER BY a.at, a.id`,
      [companyName],
    ),
  );

describe('who reads and changes the privacy settings', () => {
  it('refuses anonymous visitors, managers, technicians, publishers and an admin still setting up', async () => {
    const anonymous = t.client();
    expect((await anonymous.get(PRIVACY_SETTINGS_API_PATH)).status).toBe(401);
    expect((await anonymous.request('PUT', PRIVACY_SETTINGS_API_PATH, DEFAULTS)).status).toBe(401);
    for (const email of [
      DEMO.manager.email,
      DEMO.tech.email,
      DEMO.publisher.email,
      DEMO.newadmin.email,
    ]) {
      const client = await as(email);
      expect((await client.get(PRIVACY_SETTINGS_API_PATH)).status, email).toBe(403);
      const put = await client.request('PUT', PRIVACY_SETTINGS_API_PATH, {
        ...DEFAULTS,
        redact_emails: true,
      });
      expect(put.status, email).toBe(403);
    }
    expect(await read(DEMO.admin.email)).toEqual(DEFAULTS);
    expect(await auditRows(DEMO.admin.company!)).toEqual([]);
  });

  it("changes only the admin's own company", async () => {
    const res = await save(DEMO.globex.email, { ...DEFAULTS, audio_retention_days: 90 });
    expect(res.status, res.text).toBe(200);
    expect((await read(DEMO.globex.email)).audio_retention_days).toBe(90);
    expect(await read(DEMO.admin.email)).toEqual(DEFAULTS);
    onTestFinished(async () => {
      await save(DEMO.globex.email, DEFAULTS);
    });
  });
});

describe('saving the settings', () => {
  it('saves a full set, normalises the vocabulary and writes one audit entry of what changed', async () => {
    const res = await save(DEMO.admin.email, {
      consent_method: 'both',
      audio_retention_days: 30,
      transcript_retention_days: 365,
      redact_emails: true,
      redact_phones: false,
      bleep_audio: false,
      vocabulary: [' PRV ', 'prv', 'Carrier Infinity', 'recirc pump'],
    });
    expect(res.status, res.text).toBe(200);
    const body = privacySettingsResponseSchema.parse(res.body);
    expect(body.message).toBe(PRIVACY_SETTINGS_MESSAGES.saved);
    const expected: PrivacySettings = {
      consent_method: 'both',
      audio_retention_days: 30,
      transcript_retention_days: 365,
      redact_emails: true,
      redact_phones: false,
      bleep_audio: false,
      vocabulary: ['PRV', 'Carrier Infinity', 'recirc pump'],
    };
    expect(body.data).toEqual(expected);
    expect(await read(DEMO.admin.email)).toEqual(expected);

    const rows = await auditRows(DEMO.admin.company!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_email: DEMO.admin.email,
      target_type: 'company',
      target_id: rows[0]!.company_id,
      meta: {
        changed: {
          consent_method: { from: 'confirmation', to: 'both' },
          audio_retention_days: { from: null, to: 30 },
          transcript_retention_days: { from: null, to: 365 },
          redact_emails: { from: false, to: true },
          vocabulary: { from: 0, to: 3, added: 3, removed: 0 },
        },
      },
    });
    // The words themselves stay out of the log; unchanged fields are not listed.
    expect(JSON.stringify(rows[0]!.meta)).not.toContain('Carrier');
    expect(Object.keys((rows[0]!.meta as { changed: object }).changed)).not.toContain(
      'redact_phones',
    );

    // Saving the same values again is not a change.
    expect((await save(DEMO.admin.email, expected)).status).toBe(200);
    expect(await auditRows(DEMO.admin.company!)).toHaveLength(1);
  });

  it('tells the recorder the new consent method at once', async () => {
    const admin = await as(DEMO.admin.email);
    const current = await read(DEMO.admin.email);
    expect((await save(DEMO.admin.email, { ...current, consent_method: 'notice' })).status).toBe(
      200,
    );
    const tech = await as(DEMO.tech.email);
    const me = await tech.get('/api/user/me');
    expect(me.body.data.company.consent_method).toBe('notice');
    expect((await admin.get('/api/user/me')).body.data.company.consent_method).toBe('notice');
  });

  it.each([
    ['audio_retention_days', '0 days', 0, PRIVACY_SETTINGS_MESSAGES.retentionDays],
    ['transcript_retention_days', '3651 days', 3651, PRIVACY_SETTINGS_MESSAGES.retentionDays],
    ['audio_retention_days', '2.5 days', 2.5, PRIVACY_SETTINGS_MESSAGES.retentionDays],
    [
      'consent_method',
      'an unknown method',
      'never',
      PRIVACY_SETTINGS_MESSAGES.consentMethodInvalid,
    ],
    [
      'vocabulary',
      '101 words',
      Array.from({ length: 101 }, (_, i) => `word ${i}`),
      PRIVACY_SETTINGS_MESSAGES.vocabularyTooMany,
    ],
    [
      'vocabulary',
      'a 61-character word',
      ['x'.repeat(61)],
      PRIVACY_SETTINGS_MESSAGES.vocabularyTermTooLong('x'.repeat(61)),
    ],
  ])(
    'refuses %s of %s with 422 on the field, changing nothing',
    async (field, _, value, message) => {
      const before = await read(DEMO.admin.email);
      const audits = (await auditRows(DEMO.admin.company!)).length;
      // Valid changes alongside the bad one must not be saved either.
      const res = await save(DEMO.admin.email, {
        ...before,
        redact_phones: !before.redact_phones,
        [field]: value,
      });
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
      expect(await read(DEMO.admin.email)).toEqual(before);
      expect(await auditRows(DEMO.admin.company!)).toHaveLength(audits);
    },
  );

  it('needs the whole set', async () => {
    const res = await save(DEMO.admin.email, { redact_emails: true });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(
      expect.arrayContaining(['consent_method', 'bleep_audio', 'vocabulary']),
    );
  });
});

describe('masking e-mails and phone numbers, and bleeping the audio', () => {
  let fx: Fixtures;
  beforeAll(async () => {
    fx = await t.inspect((q) => insertFixtures(q));
  }, HOOK_TIMEOUT_MS);

  it(
    'masks what the company asks before storing, masks on read what it turns on later, and bleeps the audio',
    async () => {
      const current = await read(DEMO.admin.email);
      const settings = {
        ...current,
        consent_method: 'confirmation',
        redact_emails: true,
        redact_phones: false,
        bleep_audio: true,
      };
      expect((await save(DEMO.admin.email, settings)).status).toBe(200);
      const said = [
        { start: 0, end: 2, text: ' Send it to john.smith@example.com please.' },
        { start: 2, end: 4, text: ' Or call 415-555-0132 after five.' },
      ];
      const usual = stt.fallback;
      stt.fallback = { kind: 'ok', segments: said };
      onTestFinished(() => {
        stt.fallback = usual;
      });

      const tech = await as(DEMO.tech.email);
      const body = {
        customer_id: fx.techCustomer,
        file_urls: [
          await uploadFile(
            tech,
            await renderAudio('sine=frequency=440:duration=4', 'wav'),
            'visit.wav',
            'audio/wav',
          ),
        ],
        started_at: new Date().toISOString(),
        consent: {
          customer_agreed: true,
          notice_played: true,
          notice_version: CONSENT_NOTICE_VERSION,
        },
      };
      const created = await tech.post('/api/company/recordings', body);
      expect(created.status, created.text).toBe(200);
      const { id } = await waitFor('the recording to complete', async () => {
        const res = await tech.post('/api/company/recordings', body);
        return res.body.data.status === 'completed' ? (res.body.data as { id: string }) : undefined;
      });

      // Stored: the e-mail masked (asked for), the phone number as said (not asked for).
      const stored = await t.inspect(async (q) =>
        (
          await q(
            `SELECT text FROM transcript_segments WHERE interaction_id = $1 ORDER BY position`,
            [id],
          )
        ).map((r) => r.text as string),
      );
      expect(stored[0]).not.toContain('john.smith');
      expect(stored[0]).toContain('[email •');
      expect(stored[1]).toContain('415-555-0132');
      expect(stored.map((s) => s.length)).toEqual(said.map((s) => s.text.trim().length));

      // The company turns phone masking on: the page and the download mask it at once.
      const admin = await as(DEMO.admin.email);
      expect((await save(DEMO.admin.email, { ...settings, redact_phones: true })).status).toBe(200);
      const detail = interactionDetailResponseSchema.parse(
        (await admin.get(`/api/company/interaction/${id}/field-recording`)).body,
      ).data;
      expect(detail.transcript_segments[1]!.text).not.toContain('555-0132');
      expect(detail.transcript_segments[1]!.text).toContain('[phone •');
      expect(detail.transcript ?? '').not.toContain('555-0132');
      const file = await admin.get(interactionTranscriptPath(id, 'field-recording'));
      expect(file.status).toBe(200);
      expect(file.text).not.toContain('555-0132');
      expect(file.text).not.toContain('john.smith');

      // The audio-bleep job follows the transcript: the file is replaced and marked.
      const bleeped = await waitFor('the audio to be bleeped', () =>
        t.inspect(async (q) => {
          const [row] = await q(
            `SELECT i.audio_bleeped_at, a.peaks, a.duration_seconds
               FROM interactions i JOIN audio_assets a ON a.interaction_id = i.id
              WHERE i.id = $1`,
            [id],
          );
          return row?.audio_bleeped_at ? row : undefined;
        }),
      );
      expect(Number(bleeped.duration_seconds)).toBeGreaterThan(3.5);
      // The sine's waveform is flat; the tone (louder) shows where the e-mail was said.
      const peaks = bleeped.peaks as number[];
      expect(Math.max(...peaks)).toBeGreaterThan(Math.min(...peaks) + 0.1);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
