import { describe, expect, it } from 'vitest';
import {
  changePasswordBodySchema,
  loginBodySchema,
  signupBodySchema,
  updateProfileBodySchema,
} from '../auth/requests.schema';
import { dataQuerySchema } from '../data/items';
import { preSignedUrlBodySchema } from '../files/upload.schema';
import { collapseSpaces, digitsOnly, formatPhone } from '../format/text';
import { toValidationError } from '../http/errors';
import { MESSAGES } from './messages';
import { emailSchema, passwordSchema, phoneSchema, profileNameSchema } from './validators';

const errorsOf = (result: { success: boolean; error?: { issues: never[] } | unknown }) =>
  toValidationError(
    (result as { error: { issues: { path: PropertyKey[]; message: string }[] } }).error.issues,
  ).errors;

describe('password policy (spec §5)', () => {
  it.each(['Demo@12345', 'Abcdef1!', 'Zz9¿aaaa', 'Back\\slash1', 'Tilde~Ok1'])(
    'accepts %s',
    (p) => {
      expect(passwordSchema.safeParse(p).success).toBe(true);
    },
  );
  it.each([
    ['Ab1!', 'too short'],
    ['abcdefg1!', 'no capital'],
    ['ABCDEFG1!', 'no small letter'],
    ['Abcdefgh!', 'no digit'],
    ['Abcdefgh1', 'no special'],
    ['Abcdef 1!', 'space is not a supported character'],
    ['Abcdef,1!', 'comma is not a supported special'],
  ])('refuses %s (%s) with the catalogue text', (p) => {
    const r = passwordSchema.safeParse(p);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MESSAGES.invalidPassword);
  });
  it('asks for the password when empty', () => {
    expect(passwordSchema.safeParse('').error?.issues[0]?.message).toBe(MESSAGES.enterPassword);
  });
});

describe('e-mail, phone and name', () => {
  it('validates e-mail up to 200 characters and lower-cases it', () => {
    expect(emailSchema.parse(' Admin@Demo.Fieldbot.TEST ')).toBe('admin@demo.fieldbot.test');
    expect(emailSchema.safeParse('not-an-email').error?.issues[0]?.message).toBe(
      MESSAGES.invalidEmail,
    );
    expect(emailSchema.safeParse(`${'a'.repeat(195)}@x.com`).success).toBe(false);
  });
  it('needs exactly 10 digits for a phone', () => {
    expect(phoneSchema.safeParse('5551234567').success).toBe(true);
    for (const bad of ['555123456', '55512345678', '(555) 123-4567', 'abcdefghij']) {
      expect(phoneSchema.safeParse(bad).error?.issues[0]?.message).toBe(MESSAGES.invalidPhone);
    }
  });
  it('collapses spaces in names and allows letters, digits and spaces, 1 to 50', () => {
    expect(profileNameSchema.parse('  Jane    Doe 2 ')).toBe('Jane Doe 2');
    expect(profileNameSchema.safeParse('Jane_Doe').error?.issues[0]?.message).toBe(
      MESSAGES.invalidName,
    );
    expect(profileNameSchema.safeParse('x'.repeat(51)).error?.issues[0]?.message).toBe(
      MESSAGES.invalidName,
    );
    expect(profileNameSchema.safeParse('   ').error?.issues[0]?.message).toBe(MESSAGES.enterName);
  });
  it('formats phones as (xxx) xxx-xxxx and stores digits only', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('555')).toBe('(555');
    expect(formatPhone('55512')).toBe('(555) 12');
    expect(digitsOnly('(555) 123-4567 99')).toBe('5551234567');
    expect(collapseSpaces(' a  b ')).toBe('a b');
  });
});

describe('request bodies give field messages', () => {
  it('signup: every field required, and the confirmation must match', () => {
    expect(errorsOf(signupBodySchema.safeParse({}))).toEqual({
      name: [MESSAGES.required],
      email: [MESSAGES.required],
      password: [MESSAGES.required],
      password_confirmation: [MESSAGES.required],
    });
    const mismatch = signupBodySchema.safeParse({
      name: 'Jane',
      email: 'jane@example.test',
      password: 'Demo@12345',
      password_confirmation: 'Demo@12346',
    });
    expect(errorsOf(mismatch)).toEqual({ password_confirmation: [MESSAGES.passwordsDoNotMatch] });
  });
  it('a body that is not an object is an invalid value', () => {
    expect(errorsOf(loginBodySchema.safeParse([1, 2]))).toEqual({ _: [MESSAGES.invalidValue] });
  });
  it('change-password asks for each field', () => {
    expect(
      errorsOf(
        changePasswordBodySchema.safeParse({
          current_password: '',
          password: '',
          password_confirmation: '',
        }),
      ),
    ).toEqual({
      current_password: [MESSAGES.enterPassword],
      password: [MESSAGES.enterNewPassword],
      password_confirmation: [MESSAGES.confirmPassword],
    });
  });
  it('update-profile validates only what is sent', () => {
    expect(updateProfileBodySchema.safeParse({ display_mode: 'dark' }).success).toBe(true);
    expect(
      errorsOf(updateProfileBodySchema.safeParse({ phone: '12', display_mode: 'blue' })),
    ).toEqual({
      phone: [MESSAGES.invalidPhone],
      display_mode: [MESSAGES.selectValidValue],
    });
  });
  it('pre-signed URL requests refuse path tricks and unknown folders', () => {
    expect(
      preSignedUrlBodySchema.safeParse({ file_name: '../x.png', folder: 'profile' }).success,
    ).toBe(false);
    expect(preSignedUrlBodySchema.safeParse({ file_name: 'me.png', folder: 'etc' }).success).toBe(
      false,
    );
    expect(
      preSignedUrlBodySchema.safeParse({ file_name: 'me.png', folder: 'profile' }).success,
    ).toBe(true);
  });
  it('data items must be known', () => {
    expect(dataQuerySchema.parse({ items: 'permissions, timezones' }).items).toEqual([
      'permissions',
      'timezones',
    ]);
    expect(dataQuerySchema.safeParse({ items: 'permissions,secrets' }).success).toBe(false);
  });
});
