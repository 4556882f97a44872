import { describe, expect, it } from 'vitest';
import { toValidationError } from '../http/errors';
import { MESSAGES } from '../validation/messages';
import { customerListQuerySchema, interactionListQuerySchema } from './interaction.schema';
import { callDownloadBodySchema, createRecordingBodySchema } from './recording.schema';

const fieldErrors = (result: { success: boolean; error?: { issues: unknown[] } }) =>
  toValidationError((result.error?.issues ?? []) as { path: PropertyKey[]; message: string }[])
    .errors;

describe('list query strings', () => {
  it('fills the defaults of spec §9 and treats blank values as absent', () => {
    expect(interactionListQuerySchema.parse({})).toEqual({
      page: 1,
      sort_by: 'created_at',
      sort_direction: 'desc',
    });
    expect(
      interactionListQuerySchema.parse({ page: '', keyword: '  ', type: '', sort_by: '' }),
    ).toEqual({ page: 1, sort_by: 'created_at', sort_direction: 'desc' });
    expect(
      customerListQuerySchema.parse({ page: '3', keyword: ' smith ', status: 'active' }),
    ).toEqual({
      page: 3,
      keyword: 'smith',
      status: 'active',
      sort_by: 'name',
      sort_direction: 'asc',
    });
  });

  it.each(['0', '-1', 'x', '1.5', '100001', 'Infinity'])('rejects page=%s', (page) => {
    const result = interactionListQuerySchema.safeParse({ page });
    expect(result.success).toBe(false);
    expect(fieldErrors(result)).toEqual({ page: [MESSAGES.invalidValue] });
  });

  it('rejects unknown sort fields, directions, types and statuses', () => {
    const result = interactionListQuerySchema.safeParse({
      sort_by: 'password_hash',
      sort_direction: 'sideways',
      type: 'email',
    });
    expect(fieldErrors(result)).toEqual({
      sort_by: [MESSAGES.selectValidValue],
      sort_direction: [MESSAGES.selectValidValue],
      type: [MESSAGES.selectValidValue],
    });
    expect(customerListQuerySchema.safeParse({ status: 'deleted' }).success).toBe(false);
  });

  it('caps the keyword length', () => {
    expect(interactionListQuerySchema.safeParse({ keyword: 'a'.repeat(101) }).success).toBe(false);
    expect(interactionListQuerySchema.safeParse({ keyword: 'a'.repeat(100) }).success).toBe(true);
  });
});

describe('recording and call-download bodies', () => {
  const customer = '2b0f6f55-6a4e-4f5e-9d84-5f6c0a1b2c3d';

  it('takes a customer or a job, not both and not neither', () => {
    const base = { file_urls: ['u'], started_at: '2026-11-22T10:00:00Z' };
    expect(createRecordingBodySchema.safeParse({ ...base, customer_id: customer }).success).toBe(
      true,
    );
    expect(createRecordingBodySchema.safeParse({ ...base, job_id: customer }).success).toBe(true);
    expect(fieldErrors(createRecordingBodySchema.safeParse(base))).toEqual({
      customer_id: [MESSAGES.required],
    });
    expect(
      createRecordingBodySchema.safeParse({ ...base, customer_id: customer, job_id: customer })
        .success,
    ).toBe(false);
  });

  it('needs at least one chunk and a real timestamp', () => {
    const result = createRecordingBodySchema.safeParse({
      customer_id: customer,
      file_urls: [],
      started_at: 'yesterday',
    });
    expect(fieldErrors(result)).toMatchObject({
      file_urls: [MESSAGES.required],
      started_at: [MESSAGES.invalidValue],
    });
  });

  it('validates call ids and the company id', () => {
    expect(
      callDownloadBodySchema.safeParse({ call_ids: [customer], company_id: customer }).success,
    ).toBe(true);
    expect(
      fieldErrors(callDownloadBodySchema.safeParse({ call_ids: ['1; drop'], company_id: 'x' })),
    ).toMatchObject({ company_id: [MESSAGES.invalidValue] });
  });
});
