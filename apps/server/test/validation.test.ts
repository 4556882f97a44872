import {
  acceptInviteBodySchema,
  AUTH_MESSAGES,
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  invitationTokenBodySchema,
  loginBodySchema,
  logoutBodySchema,
  MESSAGES,
  preSignedUrlBodySchema,
  resetPasswordBodySchema,
  signupBodySchema,
  toValidationError,
  updateProfileBodySchema,
  validationErrorSchema,
} from '@fieldbot/shared';
import { dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from './support/api-client';
import { databaseFingerprint } from './support/db-fingerprint';
import { DEMO } from './support/demo';
import { SLOW_TEST_TIMEOUT_MS, useTestApp } from './support/test-app';

const GOOD = 'Tangerine#Kiwi2026x';
/**
 * Meet the policy (upper, lower, digit, special) yet are famous breached passwords: 'p@ssw0rd' is
 * in the zxcvbn list as is (compared case-insensitively); 'Password1!' is 'password1' decorated.
 */
const BREACHED = ['P@ssw0rd', 'Password1!'];
const LONG = 'x'.repeat(10_000);

interface Case {
  name: string;
  body: unknown;
  /** Field → exact first message the spec (§5) gives. */
  expect: Record<string, string>;
}

interface RouteCases {
  path: string;
  schema: z.core.$ZodType;
  /** Which demo account calls it (null: anonymous). */
  as: string | null;
  cases: Case[];
}

const ROUTES: RouteCases[] = [
  {
    path: '/api/user/signup',
    schema: signupBodySchema,
    as: null,
    cases: [
      {
        name: 'empty body',
        body: {},
        expect: {
          name: MESSAGES.required,
          email: MESSAGES.required,
          password: MESSAGES.required,
          password_confirmation: MESSAGES.required,
        },
      },
      {
        name: 'wrong types',
        body: { name: 12, email: true, password: ['x'], password_confirmation: { a: 1 } },
        expect: {
          name: MESSAGES.required,
          email: MESSAGES.required,
          password: MESSAGES.required,
          password_confirmation: MESSAGES.required,
        },
      },
      {
        name: 'bad e-mail, name with symbols, weak password',
        body: {
          name: 'Bob <script>',
          email: 'not-an-email',
          password: 'password',
          password_confirmation: 'password',
        },
        expect: {
          name: MESSAGES.invalidName,
          email: MESSAGES.invalidEmail,
          password: MESSAGES.invalidPassword,
        },
      },
      {
        name: 'too long name and e-mail',
        body: {
          name: 'A'.repeat(51),
          email: `${'a'.repeat(195)}@example.test`,
          password: GOOD,
          password_confirmation: GOOD,
        },
        expect: { name: MESSAGES.invalidName, email: MESSAGES.invalidEmail },
      },
      {
        name: 'blank name and empty strings',
        body: { name: '   ', email: '', password: '', password_confirmation: '' },
        expect: {
          name: MESSAGES.enterName,
          email: MESSAGES.required,
          password: MESSAGES.enterPassword,
          password_confirmation: MESSAGES.confirmPassword,
        },
      },
      {
        name: 'mismatched confirmation',
        body: {
          name: 'Good Name',
          email: 'mismatch@example.test',
          password: GOOD,
          password_confirmation: `${GOOD}!`,
        },
        expect: { password_confirmation: MESSAGES.passwordsDoNotMatch },
      },
      {
        name: 'password without a special character, and one too short',
        body: {
          name: 'Good Name',
          email: 'short@example.test',
          password: 'Abcdefg1',
          password_confirmation: 'Abcdefg1',
        },
        expect: { password: MESSAGES.invalidPassword },
      },
      {
        name: 'huge strings',
        body: {
          name: LONG,
          email: LONG,
          password: LONG,
          password_confirmation: LONG,
          invitation_token: LONG,
        },
        expect: {
          name: MESSAGES.invalidName,
          email: MESSAGES.invalidEmail,
          password: MESSAGES.invalidPassword,
        },
      },
    ],
  },
  {
    path: '/api/user/login',
    schema: loginBodySchema,
    as: null,
    cases: [
      {
        name: 'empty body',
        body: {},
        expect: { email: MESSAGES.required, password: MESSAGES.required },
      },
      {
        name: 'empty strings',
        body: { email: '', password: '' },
        expect: { email: MESSAGES.required, password: MESSAGES.enterPassword },
      },
      {
        name: 'bad e-mail',
        body: { email: 'admin@', password: 'Demo@12345' },
        expect: { email: MESSAGES.invalidEmail },
      },
      {
        name: 'wrong types',
        body: { email: 42, password: null },
        expect: { email: MESSAGES.required, password: MESSAGES.required },
      },
      {
        name: 'huge password',
        body: { email: DEMO.admin.email, password: LONG },
        expect: { password: MESSAGES.invalidPassword },
      },
    ],
  },
  {
    path: '/api/user/logout',
    schema: logoutBodySchema,
    as: DEMO.tech.email,
    cases: [
      {
        name: 'device_uuid too long',
        body: { device_uuid: LONG },
        expect: { device_uuid: MESSAGES.invalidValue },
      },
    ],
  },
  {
    path: '/api/user/forgot-password',
    schema: forgotPasswordBodySchema,
    as: null,
    cases: [
      { name: 'empty body', body: {}, expect: { email: MESSAGES.required } },
      { name: 'bad e-mail', body: { email: 'a b@c.d' }, expect: { email: MESSAGES.invalidEmail } },
      {
        name: 'wrong type',
        body: { email: ['admin@demo.fieldbot.test'] },
        expect: { email: MESSAGES.required },
      },
    ],
  },
  {
    path: '/api/user/reset-password',
    schema: resetPasswordBodySchema,
    as: null,
    cases: [
      {
        name: 'empty body',
        body: {},
        expect: {
          token: MESSAGES.required,
          password: MESSAGES.required,
          password_confirmation: MESSAGES.required,
        },
      },
      {
        name: 'weak new password',
        body: { token: 'abc', password: 'abc', password_confirmation: 'abc' },
        expect: { password: MESSAGES.invalidPassword },
      },
      {
        name: 'empty new password',
        body: { token: 'abc', password: '', password_confirmation: '' },
        expect: {
          password: MESSAGES.enterNewPassword,
          password_confirmation: MESSAGES.confirmPassword,
        },
      },
      {
        name: 'mismatched confirmation',
        body: { token: 'abc', password: GOOD, password_confirmation: 'Other#2026x' },
        expect: { password_confirmation: MESSAGES.passwordsDoNotMatch },
      },
      {
        name: 'token too long',
        body: { token: LONG, password: GOOD, password_confirmation: GOOD },
        expect: { token: MESSAGES.invalidValue },
      },
    ],
  },
  {
    path: '/api/user/change-password',
    schema: changePasswordBodySchema,
    as: DEMO.manager.email,
    cases: [
      {
        name: 'empty body',
        body: {},
        expect: {
          current_password: MESSAGES.required,
          password: MESSAGES.required,
          password_confirmation: MESSAGES.required,
        },
      },
      {
        name: 'weak new password',
        body: {
          current_password: 'Demo@12345',
          password: 'alllowercase1!',
          password_confirmation: 'alllowercase1!',
        },
        expect: { password: MESSAGES.invalidPassword },
      },
      {
        name: 'mismatched confirmation',
        body: {
          current_password: 'Demo@12345',
          password: GOOD,
          password_confirmation: 'Nope#2026x',
        },
        expect: { password_confirmation: MESSAGES.passwordsDoNotMatch },
      },
    ],
  },
  {
    path: '/api/user/validate-publisher-invitation-token',
    schema: invitationTokenBodySchema,
    as: null,
    cases: [
      { name: 'empty body', body: {}, expect: { invitation_token: MESSAGES.required } },
      {
        name: 'wrong type',
        body: { invitation_token: 123 },
        expect: { invitation_token: MESSAGES.required },
      },
      {
        name: 'too long',
        body: { invitation_token: LONG },
        expect: { invitation_token: MESSAGES.invalidValue },
      },
    ],
  },
  {
    path: '/api/user/accept-invite',
    schema: acceptInviteBodySchema,
    as: null,
    cases: [
      {
        name: 'empty body',
        body: {},
        expect: {
          invitation_token: MESSAGES.required,
          name: MESSAGES.required,
          password: MESSAGES.required,
          password_confirmation: MESSAGES.required,
        },
      },
      {
        name: 'name with symbols and weak password',
        body: {
          invitation_token: 'abc',
          name: 'Jo$h',
          password: 'weakpass',
          password_confirmation: 'weakpass',
        },
        expect: { name: MESSAGES.invalidName, password: MESSAGES.invalidPassword },
      },
      {
        name: 'mismatched confirmation',
        body: {
          invitation_token: 'abc',
          name: 'Josh',
          password: GOOD,
          password_confirmation: 'Nope#2026x',
        },
        expect: { password_confirmation: MESSAGES.passwordsDoNotMatch },
      },
    ],
  },
  {
    path: '/api/user/update-profile',
    schema: updateProfileBodySchema,
    as: DEMO.manager.email,
    cases: [
      {
        name: 'phone not 10 digits',
        body: { phone: '12345' },
        expect: { phone: MESSAGES.invalidPhone },
      },
      {
        name: 'phone 11 digits',
        body: { phone: '555123456789' },
        expect: { phone: MESSAGES.invalidPhone },
      },
      {
        name: 'masked phone',
        body: { phone: '(555) 123-4567' },
        expect: { phone: MESSAGES.invalidPhone },
      },
      {
        name: 'phone as a number',
        body: { phone: 5551234567 },
        expect: { phone: MESSAGES.invalidPhone },
      },
      {
        name: 'name with symbols',
        body: { name: 'Bob@Home' },
        expect: { name: MESSAGES.invalidName },
      },
      {
        name: 'name too long',
        body: { name: 'B'.repeat(51) },
        expect: { name: MESSAGES.invalidName },
      },
      { name: 'blank name', body: { name: '    ' }, expect: { name: MESSAGES.enterName } },
      {
        name: 'unknown display mode',
        body: { display_mode: 'blue' },
        expect: { display_mode: MESSAGES.selectValidValue },
      },
      {
        name: 'image of the wrong type',
        body: { image: 12 },
        expect: { image: MESSAGES.invalidUrl },
      },
      {
        name: 'huge image url',
        body: { image: `https://x.test/${LONG}` },
        expect: { image: MESSAGES.invalidUrl },
      },
      {
        name: 'several bad fields at once',
        body: { name: '!', phone: 'abc', display_mode: 3 },
        expect: {
          name: MESSAGES.invalidName,
          phone: MESSAGES.invalidPhone,
          display_mode: MESSAGES.selectValidValue,
        },
      },
    ],
  },
  {
    path: '/api/data/pre-signed-url',
    schema: preSignedUrlBodySchema,
    as: DEMO.manager.email,
    cases: [
      {
        name: 'empty body',
        body: {},
        expect: { file_name: MESSAGES.required, folder: MESSAGES.selectValidValue },
      },
      {
        name: 'path in file name',
        body: { file_name: '../../etc/passwd', folder: 'profile' },
        expect: { file_name: MESSAGES.invalidValue },
      },
      {
        name: 'unknown folder',
        body: { file_name: 'a.png', folder: '../secrets' },
        expect: { folder: MESSAGES.selectValidValue },
      },
      {
        name: 'file name too long',
        body: { file_name: `${'a'.repeat(300)}.png`, folder: 'profile' },
        expect: { file_name: MESSAGES.invalidValue },
      },
    ],
  },
];

const t = useTestApp();
const clients = new Map<string, ApiClient>();

async function clientAs(email: string | null): Promise<ApiClient> {
  if (email === null) return t.client();
  const known = clients.get(email);
  if (known) return known;
  const c = t.client();
  await c.loginAs(email);
  clients.set(email, c);
  return c;
}

/** What the shared schema says about the body: the same 422 the client would compute. */
function sharedVerdict(schema: z.core.$ZodType, body: unknown) {
  const parsed = z.safeParse(schema, body);
  expect(parsed.success, 'the case must be invalid by the shared schema').toBe(false);
  return toValidationError(parsed.error?.issues ?? []);
}

function expect422(res: ApiResponse, expected: Record<string, string>) {
  expect(res.status, res.text).toBe(422);
  const body = validationErrorSchema.parse(res.body);
  for (const [field, message] of Object.entries(expected)) {
    expect(body.errors[field]?.[0], `errors.${field}`).toBe(message);
  }
  expect(Object.values(body.errors).map((m) => m[0])).toContain(body.message);
  return body;
}

describe('422 with the spec §5 field messages for malformed bodies', () => {
  for (const route of ROUTES) {
    describe(route.path, () => {
      for (const c of route.cases) {
        it(c.name, async () => {
          const client = await clientAs(route.as);
          const res = await client.post(route.path, c.body);
          const body = expect422(res, c.expect);
          // The server and the shared schema (used by the web forms) agree on every field.
          const verdict = sharedVerdict(route.schema, c.body);
          expect(Object.keys(body.errors).sort()).toEqual(Object.keys(verdict.errors).sort());
          for (const [field, messages] of Object.entries(verdict.errors)) {
            expect(body.errors[field]?.[0], `errors.${field}`).toBe(messages[0]);
          }
          expect(body.message).toBe(verdict.message);
        });
      }
    });
  }
});

describe('commonly breached passwords', () => {
  it('uses passwords the dictionary lists that otherwise meet the policy', () => {
    expect(dictionary.passwords).toContain('p@ssw0rd');
    expect(dictionary.passwords).toContain('password1');
    for (const password of BREACHED) {
      const body = {
        name: 'Breach Test',
        email: 'b@example.test',
        password,
        password_confirmation: password,
      };
      expect(signupBodySchema.safeParse(body).success).toBe(true);
    }
  });

  it(
    'refuses it at signup, at reset and at change-password; no refused body changed anything',
    async () => {
      const mark = await t.outbox.mark();
      expect(
        (await t.client().post('/api/user/forgot-password', { email: DEMO.tech.email })).status,
      ).toBe(200);
      const token = await t.outbox.waitForToken(DEMO.tech.email, 'reset-password', { after: mark });
      // One fingerprint pair for the whole file: on PGlite each costs a server restart.
      const before = await databaseFingerprint(t);

      for (const route of ROUTES) {
        for (const c of route.cases) {
          const res = await (await clientAs(route.as)).post(route.path, c.body);
          expect(res.status, `${route.path} ${c.name}`).toBe(422);
        }
      }

      for (const password of BREACHED) {
        const signup = await t.client().post('/api/user/signup', {
          name: 'Breach Test',
          email: 'breach@example.test',
          password,
          password_confirmation: password,
        });
        expect422(signup, { password: AUTH_MESSAGES.breachedPassword });

        const manager = await clientAs(DEMO.manager.email);
        const change = await manager.post('/api/user/change-password', {
          current_password: 'Demo@12345',
          password,
          password_confirmation: password,
        });
        expect422(change, { password: AUTH_MESSAGES.breachedPassword });

        const reset = await t.client().post('/api/user/reset-password', {
          token,
          password,
          password_confirmation: password,
        });
        expect422(reset, { password: AUTH_MESSAGES.breachedPassword });
      }
      expect(await t.outbox.mailsTo('breach@example.test')).toEqual([]);

      expect(await databaseFingerprint(t)).toEqual(before);
      await t.client().loginAs(DEMO.manager.email);
      await t.client().loginAs(DEMO.tech.email);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
