import { describe, expect, it } from 'vitest';
import type { ResultContext } from './crm-writeback.repo.js';
import {
  linkOf,
  noteBody,
  noteTargetOf,
  referenceOf,
  targetKeyOf,
} from './crm-writeback.writer.js';

const context = (overrides: Partial<ResultContext> = {}): ResultContext => ({
  resultId: 'r1',
  companyId: 'c1',
  botId: 'b1',
  botName: 'Upsell Finder',
  status: 'success',
  outputTags: [
    { id: 1, label: 'Follow-up', data: null, description: '' },
    { id: 0, label: 'Offer', data: ' Maintenance plan ', description: '' },
  ],
  targetType: 'field-recording',
  interactionId: 'i1',
  interactionType: 'field-recording',
  customerId: 'cu1',
  jobId: 'j1',
  customerExternalId: 'C-7',
  jobExternalId: 'J-9',
  ...overrides,
});

describe('where a result’s note goes', () => {
  it('puts a field recording with a CRM job on the job', () => {
    expect(noteTargetOf(context())).toEqual({ kind: 'job', externalId: 'J-9' });
    expect(targetKeyOf(context())).toBe('interaction:i1');
  });

  it('puts a CSR call on its customer, even when the call has a job', () => {
    const call = context({ targetType: 'csr-call', interactionType: 'csr-call' });
    expect(noteTargetOf(call)).toEqual({ kind: 'customer', externalId: 'C-7' });
  });

  it('puts a recording without a CRM job on its customer', () => {
    expect(noteTargetOf(context({ jobExternalId: null }))).toEqual({
      kind: 'customer',
      externalId: 'C-7',
    });
  });

  it('puts a customer-target run on the job that triggered it, keyed by that job', () => {
    const run = context({ targetType: 'customer', interactionId: null, interactionType: null });
    expect(noteTargetOf(run)).toEqual({ kind: 'job', externalId: 'J-9' });
    expect(targetKeyOf(run)).toBe('job:j1');
    expect(linkOf(run, 'https://app.test')).toBe('https://app.test/customers/cu1');
  });

  it('writes nothing for the unknown caller, which is no CRM record', () => {
    const call = context({
      targetType: 'csr-call',
      interactionType: 'csr-call',
      customerExternalId: 'unknown-caller',
    });
    expect(noteTargetOf(call)).toBeNull();
  });
});

describe('the note', () => {
  it('names the bot, lists each tag in order as Label: value and links the interaction', () => {
    const link = linkOf(context(), 'https://app.test');
    expect(noteBody(context(), link)).toBe(
      [
        'Fieldbot: Upsell Finder',
        'Offer: Maintenance plan',
        'Follow-up: —',
        'https://app.test/customers/cu1/interaction/i1/field-recording',
      ].join('\n'),
    );
  });

  it('has a reference that is the same for the same row and content, and differs otherwise', () => {
    expect(referenceOf('row', 'abcdef0123456789')).toBe(referenceOf('row', 'abcdef0123456789'));
    expect(referenceOf('row', 'abcdef0123456789')).not.toBe(referenceOf('row', '0bcdef0123456789'));
  });
});
