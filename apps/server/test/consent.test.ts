import {
  CONSENT_MESSAGES,
  CONSENT_NOTICE_VERSION,
  interactionDetailResponseSchema,
  userResponseSchema,
  type ConsentMethod,
  type RecordingConsentInput,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { insertFixtures, renderAudio, uploadFile, type Fixtures } from './support/recordings';
import { HOOK_TIMEOUT_MS, SLOW_TEST_TIMEOUT_MS, useTestApp } from './support/test-app';

/**
 * Issue 27 §1: POST /api/company/recordings files a field recording only with the consent the
 * company's method asks for at that moment, keeps it as the recording's consent record, and never
 * records a customer marked do-not-record.
 */
const t = useTestApp();

const AGREED: RecordingConsentInput = { customer_agreed: true };
const NOTICE: RecordingConsentInput = {
  notice_played: true,
  notice_version: CONSENT_NOTICE_VERSION,
};
const BOTH: RecordingConsentInput = { ...AGREED, ...NOTICE };
const COMPLETE: Record<ConsentMethod, RecordingConsentInput> = {
  confirmation: AGREED,
  notice: NOTICE,
  both: BOTH,
};

let fx: Fixtures;
let audio: Buffer;
/** An Acme customer marked do-not-record, with an open job of the demo technician's. */
let quietCustomer: string;
let quietJob: string;
/** A Globex customer marked do-not-record: still a 404 to Acme, never a 422. */
let globexQuietCustomer: string;
const clients: Record<'tech' | 'manager' | 'admin' | 'globex', ApiClient> = {} as never;
const names: Record<'tech' | 'manager' | 'admin', string> = {} as never;

beforeAll(async () => {
  for (const role of ['tech', 'manager', 'admin', 'globex'] as const) {
    clients[role] = t.client();
    await clients[role].loginAs(DEMO[role].email);
  }
  audio = await renderAudio('sine=frequency=440:duration=1', 'wav');
  await t.inspect(async (q) => {
    fx = await insertFixtures(q);
    const [quiet] = await q(
      `INSERT INTO customers (company_id, external_id, name, type, do_not_record)
       VALUES ($1, $2, 'Quiet Home', 'Residential', true) RETURNING id`,
      [fx.acme, `quiet-${fx.techCustomer}`],
    );
    quietCustomer = String(quiet!.id);
    const [job] = await q(
      `INSERT INTO jobs (company_id, customer_id, job_number, technician_id, status)
       VALUES ($1, $2, $3, $4, 'scheduled') RETURNING id`,
      [fx.acme, quietCustomer, `quiet-job-${fx.techCustomer}`, fx.techId],
    );
    quietJob = String(job!.id);
    const [globexQuiet] = await q(
      `INSERT INTO customers (company_id, external_id, name, type, do_not_record)
       VALUES ($1, $2, 'Globex Quiet Home', 'Residential', true) RETURNING id`,
      [fx.globex, `quiet-${fx.globexCustomer}`],
    );
    globexQuietCustomer = String(globexQuiet!.id);
    for (const role of ['tech', 'manager', 'admin'] as const) {
      const [user] = await q(`SELECT name FROM users WHERE email = $1`, [DEMO[role].email]);
      names[role] = String(user!.name);
    }
  });
}, HOOK_TIMEOUT_MS);

const setMethod = (method: ConsentMethod, companyId = fx.acme) =>
  t.inspect((q) =>
    q(`UPDATE companies SET consent_method = $1 WHERE id = $2`, [method, companyId]),
  );

/** Uploads one chunk as `client` and posts the recording with `extra` (target and consent). */
async function record(client: ApiClient, extra: Record<string, unknown>) {
  const fileUrl = await uploadFile(client, audio, 'visit.wav', 'audio/wav');
  const body = { file_urls: [fileUrl], started_at: new Date().toISOString(), ...extra };
  return { body, res: await client.post('/api/company/recordings', body) };
}

/** What the database holds of a customer's recordings and consent records. */
const countsOf = (customerId: string) =>
  t.inspect(async (q) => {
    const [row] = await q(
      `SELECT count(i.id)::int AS interactions, count(c.interaction_id)::int AS consents
       FROM interactions i LEFT JOIN recording_consents c ON c.interaction_id = i.id
       WHERE i.customer_id = $1`,
      [customerId],
    );
    return row;
  });

async function consentOf(client: ApiClient, interactionId: string) {
  const res = await client.get(`/api/company/interaction/${interactionId}/field-recording`);
  expect(res.status, res.text).toBe(200);
  return interactionDetailResponseSchema.parse(res.body).data.consent;
}

describe('recording consent, per company method', () => {
  it(
    'refuses a recording without the consent the method asks for, and files it with it',
    async () => {
      for (const method of ['confirmation', 'notice', 'both'] as const) {
        await setMethod(method);
        for (const role of ['tech', 'manager', 'admin'] as const) {
          const client = clients[role];
          const target = { customer_id: fx.techCustomer };
          const missing = method === 'notice' ? AGREED : method === 'both' ? NOTICE : undefined;
          const refused = await record(client, { ...target, consent: missing });
          expect(refused.res.status, `${method} ${role}`).toBe(422);
          const field = method === 'notice' ? 'consent.notice_played' : 'consent.customer_agreed';
          const message =
            method === 'notice'
              ? CONSENT_MESSAGES.noticeRequired
              : CONSENT_MESSAGES.confirmationRequired;
          expect(refused.res.body).toEqual({ message, errors: { [field]: [message] } });

          const before = Date.now();
          const filed = await record(client, { ...target, consent: COMPLETE[method] });
          expect(filed.res.status, `${method} ${role}: ${filed.res.text}`).toBe(200);
          const consent = await consentOf(client, filed.res.body.data.id as string);
          const confirmed = method !== 'notice';
          expect(consent).toMatchObject({
            method,
            confirmed_by: confirmed ? names[role] : null,
            notice_version: method === 'confirmation' ? null : CONSENT_NOTICE_VERSION,
          });
          // The server's clock, not the client's.
          const at = Date.parse(consent!.confirmed_at!);
          expect(at).toBeGreaterThanOrEqual(before - 1000);
          expect(at).toBeLessThanOrEqual(Date.now() + 1000);
        }
      }
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'changes nothing when the consent is refused',
    async () => {
      await setMethod('both');
      const before = await countsOf(fx.techCustomer);
      for (const consent of [undefined, {}, AGREED, NOTICE, { ...BOTH, customer_agreed: false }]) {
        const { res } = await record(clients.tech, { job_id: fx.openJob, consent });
        expect(res.status).toBe(422);
      }
      expect(await countsOf(fx.techCustomer)).toEqual(before);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'keeps the confirmer by id and by name, and one record however often the request repeats',
    async () => {
      await setMethod('confirmation');
      const { body, res } = await record(clients.tech, {
        customer_id: fx.techCustomer,
        consent: AGREED,
      });
      expect(res.status).toBe(200);
      const again = await clients.tech.post('/api/company/recordings', body);
      expect(again.status).toBe(200);
      expect(again.body.data.id).toBe(res.body.data.id);
      const rows = await t.inspect((q) =>
        q(
          `SELECT company_id, method, confirmed_by_id, confirmed_by_name, notice_version
           FROM recording_consents WHERE interaction_id = $1`,
          [res.body.data.id],
        ),
      );
      expect(rows).toEqual([
        {
          company_id: fx.acme,
          method: 'confirmation',
          confirmed_by_id: fx.techId,
          confirmed_by_name: names.tech,
          notice_version: null,
        },
      ]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'takes an uploaded file on the technician’s confirmation, whatever the method',
    async () => {
      await setMethod('notice');
      const upload = { customer_id: fx.techCustomer };
      const refused = await record(clients.tech, { ...upload, consent: { source: 'upload' } });
      expect(refused.res.body.errors).toEqual({
        'consent.customer_agreed': [CONSENT_MESSAGES.confirmationRequired],
      });
      const filed = await record(clients.tech, {
        ...upload,
        consent: { source: 'upload', customer_agreed: true },
      });
      expect(filed.res.status, filed.res.text).toBe(200);
      expect(await consentOf(clients.tech, filed.res.body.data.id as string)).toMatchObject({
        method: 'confirmation',
        confirmed_by: names.tech,
        notice_version: null,
      });
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('refuses a notice version the app never played', async () => {
    await setMethod('notice');
    const { res } = await record(clients.tech, {
      customer_id: fx.techCustomer,
      consent: { notice_played: true, notice_version: 'notice-1999' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['consent.notice_version']);
  });

  it('tells the signed-in user of the company their method', async () => {
    await setMethod('both');
    for (const role of ['tech', 'manager', 'admin'] as const) {
      const me = userResponseSchema.parse((await clients[role].get('/api/user/me')).body);
      expect(me.data.company?.consent_method).toBe('both');
    }
    const globexMe = userResponseSchema.parse((await clients.globex.get('/api/user/me')).body);
    expect(globexMe.data.company?.consent_method).toBe('confirmation');
  });
});

describe('a customer marked do-not-record', () => {
  it(
    'is never recorded, by any role or target, and nothing changes',
    async () => {
      await setMethod('confirmation');
      const before = await countsOf(quietCustomer);
      const attempts: [ApiClient, Record<string, unknown>, string][] = [
        [clients.tech, { customer_id: quietCustomer }, 'customer_id'],
        [clients.tech, { job_id: quietJob }, 'job_id'],
        [clients.manager, { customer_id: quietCustomer }, 'customer_id'],
        [clients.admin, { job_id: quietJob }, 'job_id'],
      ];
      for (const [client, target, field] of attempts) {
        // Full consent does not help: the customer's wish wins.
        const { res } = await record(client, { ...target, consent: BOTH });
        expect(res.status).toBe(422);
        expect(res.body).toEqual({
          message: CONSENT_MESSAGES.doNotRecord,
          errors: { [field]: [CONSENT_MESSAGES.doNotRecord] },
        });
      }
      expect(await countsOf(quietCustomer)).toEqual(before);
      expect(before).toEqual({ interactions: 0, consents: 0 });
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a visit recorded before the mark was set, when it is saved; earlier ones stay',
    async () => {
      await setMethod('confirmation');
      const earlier = await record(clients.tech, { customer_id: fx.techCustomer, consent: AGREED });
      expect(earlier.res.status).toBe(200);
      // The visit's chunks were uploaded while the customer could still be recorded…
      const fileUrl = await uploadFile(clients.tech, audio, 'visit.wav', 'audio/wav');
      await t.inspect((q) =>
        q(`UPDATE customers SET do_not_record = true WHERE id = $1`, [fx.techCustomer]),
      );
      try {
        const before = await countsOf(fx.techCustomer);
        // …and the mark set meanwhile refuses the save: nothing is filed.
        const res = await clients.tech.post('/api/company/recordings', {
          customer_id: fx.techCustomer,
          file_urls: [fileUrl],
          started_at: new Date().toISOString(),
          consent: AGREED,
        });
        expect(res.status).toBe(422);
        expect(res.body.errors).toEqual({ customer_id: [CONSENT_MESSAGES.doNotRecord] });
        expect(await countsOf(fx.techCustomer)).toEqual(before);
        // The recording filed before the mark stays (deleting it is a privacy request's job).
        expect((await consentOf(clients.tech, earlier.res.body.data.id as string))?.method).toBe(
          'confirmation',
        );
      } finally {
        await t.inspect((q) =>
          q(`UPDATE customers SET do_not_record = false WHERE id = $1`, [fx.techCustomer]),
        );
      }
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('tenancy and roles', () => {
  it('answers 404 for another company’s customer or job, marked or not', async () => {
    await setMethod('confirmation');
    for (const [client, target] of [
      [clients.tech, { customer_id: fx.globexCustomer }],
      [clients.admin, { job_id: fx.globexJob }],
      [clients.admin, { customer_id: globexQuietCustomer }],
      [clients.globex, { customer_id: quietCustomer }],
      [clients.globex, { job_id: quietJob }],
    ] as const) {
      const { res } = await record(client, { ...target, consent: BOTH });
      expect(res.status, JSON.stringify(target)).toBe(404);
    }
  });

  it('answers 404 to a technician for a customer who is not theirs, marked or not', async () => {
    const { res } = await record(clients.tech, { job_id: fx.otherJob, consent: AGREED });
    expect(res.status).toBe(404);
  });

  it('refuses publishers and anonymous callers', async () => {
    const publisher = t.client();
    await publisher.loginAs(DEMO.publisher.email);
    const body = {
      customer_id: fx.techCustomer,
      file_urls: ['/api/files/x'],
      started_at: new Date().toISOString(),
      consent: AGREED,
    };
    expect((await publisher.post('/api/company/recordings', body)).status).toBe(403);
    expect((await t.client().post('/api/company/recordings', body)).status).toBe(401);
  });
});
