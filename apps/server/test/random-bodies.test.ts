import {
  acceptInviteBodySchema,
  callDownloadBodySchema,
  changePasswordBodySchema,
  companyFormSchema,
  companyUpdateSchema,
  createRecordingBodySchema,
  forgotPasswordBodySchema,
  invitationTokenBodySchema,
  loginBodySchema,
  logoutBodySchema,
  paymentMethodBodySchema,
  preSignedUrlBodySchema,
  resetPasswordBodySchema,
  sandboxConfirmSetupBodySchema,
  signupBodySchema,
  teamInviteBodySchema,
  teamUpdateBodySchema,
  updateProfileBodySchema,
} from '@fieldbot/shared';
import fc from 'fast-check';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from './support/api-client';
import { databaseFingerprint } from './support/db-fingerprint';
import { DEMO } from './support/demo';
import { HOOK_TIMEOUT_MS, SLOW_TEST_TIMEOUT_MS, useTestApp } from './support/test-app';

/** Property-based: random JSON at every mutating route is a 4xx, never a 5xx, and changes nothing. */

const RUNS = 50;

interface MutatingRoute {
  path: string;
  schema: z.core.$ZodType;
  fields: string[];
  /** The route accepts a request without a body (logout: a 2xx for an empty body). */
  optionalBody?: boolean;
}

const ROUTES: MutatingRoute[] = [
  {
    path: '/api/user/signup',
    schema: signupBodySchema,
    fields: ['name', 'email', 'password', 'password_confirmation', 'invitation_token'],
  },
  { path: '/api/user/login', schema: loginBodySchema, fields: ['email', 'password'] },
  {
    path: '/api/user/logout',
    schema: logoutBodySchema,
    fields: ['device_uuid'],
    optionalBody: true,
  },
  { path: '/api/user/forgot-password', schema: forgotPasswordBodySchema, fields: ['email'] },
  {
    path: '/api/user/reset-password',
    schema: resetPasswordBodySchema,
    fields: ['token', 'password', 'password_confirmation'],
  },
  {
    path: '/api/user/change-password',
    schema: changePasswordBodySchema,
    fields: ['current_password', 'password', 'password_confirmation'],
  },
  {
    path: '/api/user/validate-publisher-invitation-token',
    schema: invitationTokenBodySchema,
    fields: ['invitation_token'],
  },
  {
    path: '/api/user/accept-invite',
    schema: acceptInviteBodySchema,
    fields: ['invitation_token', 'name', 'password', 'password_confirmation'],
  },
  {
    path: '/api/user/update-profile',
    schema: updateProfileBodySchema,
    fields: ['display_mode', 'name', 'phone', 'image'],
  },
  {
    path: '/api/data/pre-signed-url',
    schema: preSignedUrlBodySchema,
    fields: ['file_name', 'folder'],
  },
  {
    path: '/api/company/recordings',
    schema: createRecordingBodySchema,
    fields: ['customer_id', 'job_id', 'file_urls', 'started_at', 'consent'],
  },
  {
    path: '/api/company/call/download',
    schema: callDownloadBodySchema,
    fields: ['call_ids', 'company_id'],
  },
  // Company settings, cards, capacity and team.
  {
    path: '/api/company/create',
    schema: companyFormSchema,
    fields: ['name', 'street_address', 'city', 'state', 'zipcode', 'timezone_id', 'trade_ids'],
  },
  {
    path: '/api/company/update',
    schema: companyUpdateSchema,
    fields: ['name', 'industry_id', 'trade_ids', 'soft_capacity', 'hard_capacity', 'description'],
  },
  {
    path: '/api/company/payment-method',
    schema: paymentMethodBodySchema,
    fields: ['card_type', 'card_number', 'expiry_date', 'source_id'],
  },
  {
    path: '/api/payments/sandbox/confirm-setup',
    schema: sandboxConfirmSetupBodySchema,
    fields: ['client_secret', 'number', 'exp_month', 'exp_year', 'cvc'],
  },
  {
    path: '/api/company/team/invite',
    schema: teamInviteBodySchema,
    fields: ['email', 'role_alias'],
  },
  {
    path: '/api/company/team/update',
    schema: teamUpdateBodySchema,
    fields: ['id', 'name', 'phone', 'role_alias'],
  },
];

/** Lone surrogates cannot be put in a URL at all (encodeURIComponent throws). */
function encodable(value: string): boolean {
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

const hugeString = fc
  .tuple(
    fc.integer({ min: 1_000, max: 200_000 }),
    fc.constantFrom('a', 'é', '\u0000', '💥', ' ', '%'),
  )
  .map(([n, ch]) => ch.repeat(n));

const nestedArray = fc.integer({ min: 1, max: 500 }).map((depth) => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i += 1) v = [v];
  return v;
});

const trickyString = fc.constantFrom(
  '',
  ' ',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '__proto__',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\u0000',
  '\ud800',
  'admin@demo.fieldbot.test',
  'Demo@12345',
  'light',
  'profile',
  '5551234567',
);

/** Values of any type, with the odd ones weighted in. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: trickyString },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: nestedArray },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, [], {}) },
);

/** Bodies for a route: arbitrary JSON, random keys, or its own field names with random values. */
function bodyFor(route: MutatingRoute): fc.Arbitrary<unknown> {
  const knownFields = fc.record(
    Object.fromEntries(route.fields.map((f) => [f, anyValue])) as Record<
      string,
      fc.Arbitrary<unknown>
    >,
    { requiredKeys: [] },
  );
  const withExtraKeys = fc
    .tuple(knownFields, fc.dictionary(fc.string({ maxLength: 20 }), anyValue, { maxKeys: 5 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
  return (
    fc
      .oneof(
        { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
        {
          weight: 2,
          arbitrary: fc.dictionary(fc.string({ maxLength: 30 }), anyValue, { maxKeys: 8 }),
        },
        { weight: 4, arbitrary: knownFields },
        { weight: 2, arbitrary: withExtraKeys },
      )
      // A body the shared schema accepts could legitimately succeed; only invalid ones are thrown.
      .filter((body) => !z.safeParse(route.schema, body).success)
  );
}

function expectClientError(res: ApiResponse, what: string) {
  expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(
    400,
  );
  expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  expect(typeof res.body?.message, `${what}: JSON body with a message`).toBe('string');
  // Never a stack trace or a file path.
  expect(res.text).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|\/src\//);
}

const t = useTestApp();
let user: ApiClient;
/** Taken once before the random requests: PGlite fingerprints cost a server restart each. */
let fingerprintBefore: Record<string, string>;
let meBefore: unknown;

beforeAll(async () => {
  user = t.client();
  await user.loginAs(DEMO.admin.email);
  fingerprintBefore = await databaseFingerprint(t);
  meBefore = (await user.get('/api/user/me')).body.data;
}, HOOK_TIMEOUT_MS);

describe('random JSON at every mutating route', () => {
  it('is always answered with a 4xx', async () => {
    expect(meBefore).toBeDefined();
    const started = Date.now();

    for (const route of ROUTES) {
      await fc.assert(
        fc.asyncProperty(bodyFor(route), fc.boolean(), async (body, asUser) => {
          const client = asUser ? user : t.client();
          const res = await client.post(route.path, body);
          expectClientError(res, `${asUser ? 'user' : 'anonymous'} POST ${route.path}`);
        }),
        { numRuns: RUNS },
      );
    }

    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);

  it('answers malformed JSON text and wrong content types with a 4xx', async () => {
    const malformed = fc
      .oneof(
        fc.string({ maxLength: 200 }),
        fc.constantFrom(
          '{',
          '{"email":',
          '[1,2',
          '{"a":1}}',
          'nul',
          "{'email':'x'}",
          '\u0000',
          '{"__proto__":{"x":1}}',
        ),
      )
      .filter((text) => {
        try {
          JSON.parse(text);
          return text.includes('__proto__');
        } catch {
          return true;
        }
      });
    const contentType = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/xml',
      'application/octet-stream',
    );
    const route = fc.constantFrom(...ROUTES);
    await fc.assert(
      fc.asyncProperty(
        route,
        malformed,
        contentType,
        fc.boolean(),
        async ({ path, optionalBody }, raw, type, asUser) => {
          // An empty body is no body: logout then succeeds, as documented.
          fc.pre(!(optionalBody && raw.trim() === ''));
          const client = asUser ? user : t.client();
          const res = await client.request('POST', path, undefined, { raw, contentType: type });
          expectClientError(res, `POST ${path} [${type}] ${JSON.stringify(raw).slice(0, 60)}`);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  }, 60_000);

  it('answers a body over the size limit, and a body with no content type, with a 4xx', async () => {
    const big = JSON.stringify({ name: 'a'.repeat(3_000_000) });
    const res = await user.request('POST', '/api/user/update-profile', undefined, {
      raw: big,
      contentType: 'application/json',
    });
    expectClientError(res, 'oversized body');
    const untyped = await user.request('POST', '/api/user/update-profile', undefined, {
      raw: '{"name":"X"}',
    });
    expectClientError(untyped, 'no content type');
  });

  it(
    'left the database and the logged-in user exactly as they were',
    async () => {
      // Neither logged out nor changed by any of the requests above.
      const meAfter = await user.get('/api/user/me');
      expect(meAfter.status).toBe(200);
      expect(meAfter.body.data).toEqual(meBefore);
      expect(await databaseFingerprint(t)).toEqual(fingerprintBefore);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('answers random upload URLs and random data queries without a 5xx', async () => {
    const segment = fc
      .oneof(fc.string({ minLength: 1, maxLength: 30 }), trickyString)
      .filter(encodable);
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.string({ maxLength: 80 }),
        fc.string({ maxLength: 20 }),
        async (segments, signature, expires) => {
          const key = segments.map(encodeURIComponent).join('/');
          const query = new URLSearchParams({ signature, expires }).toString();
          const res = await user.request('PUT', `/api/uploads/${key}?${query}`, undefined, {
            raw: Buffer.from('not really an image'),
            contentType: 'image/png',
          });
          expectClientError(res, `PUT /api/uploads/${key}`);
        },
      ),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 100 }), trickyString).filter(encodable),
        async (items) => {
          const res = await user.get(`/api/data?items=${encodeURIComponent(items)}`);
          expect(
            res.status,
            `GET /api/data?items=${items} → ${res.text.slice(0, 200)}`,
          ).toBeLessThan(500);
          expect([200, 422]).toContain(res.status);
        },
      ),
      { numRuns: RUNS },
    );
  }, 60_000);

  it('answers schema-valid but hostile strings (NUL bytes, lone surrogates, SQL) without a 5xx', async () => {
    const hostileEmails = [
      'nul\u0000byte@example.test',
      'lone\ud800surrogate@example.test',
      "o'brien@example.test",
      'x@example.test; DROP TABLE users',
      '%00@example.test',
    ];
    for (const email of hostileEmails) {
      for (const [path, body] of [
        ['/api/user/login', { email, password: 'Demo@12345\u0000' }],
        ['/api/user/forgot-password', { email }],
        [
          '/api/user/signup',
          {
            name: 'Hostile Name',
            email,
            password: 'Tangerine#Kiwi2026x',
            password_confirmation: 'Tangerine#Kiwi2026x',
          },
        ],
      ] as const) {
        const res = await t.client().post(path, body);
        expect
          .soft(res.status, `${path} ${JSON.stringify(email)} → ${res.text.slice(0, 200)}`)
          .toBeLessThan(500);
      }
    }
    for (const token of ['%00', 'a%00b', '%E0%A4%A', '..%2F..%2Fetc', 'x'.repeat(2000)]) {
      const res = await t.client().get(`/api/user/verify/${token}`);
      expect
        .soft(res.status, `verify ${token.slice(0, 40)} → ${res.text.slice(0, 200)}`)
        .toBeGreaterThanOrEqual(400);
      expect
        .soft(res.status, `verify ${token.slice(0, 40)} → ${res.text.slice(0, 200)}`)
        .toBeLessThan(500);
    }
  });
});
