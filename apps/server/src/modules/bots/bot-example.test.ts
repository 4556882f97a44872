import type { SampleTranscript } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import type { BotEngine } from '../../providers/bot-engine/index.js';
import { createExampleBuilder, exampleSample } from './bot-example.js';
import type { BotVersionRow } from './bots.repo.js';

const sample = (id: string, type: SampleTranscript['type']): SampleTranscript => ({
  id,
  title: `Sample ${id}`,
  type,
  call_type: null,
  transcript: 'Agent: You are booked for Tuesday.',
  segments: [{ start: 0, end: 2, speaker: 'Agent', text: 'You are booked for Tuesday.' }],
});
const samples = [sample('visit', 'field-recording'), sample('call', 'csr-call')];

const version = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 3,
  name: 'Booked',
  prompt: '',
  color: 'blue',
  trigger: 'call-complete',
  engine: 'rules',
  outputTags: [{ index: 0, label: 'Booked', description: 'Booked', rule: null }],
  referenceTexts: [],
} as unknown as BotVersionRow;

describe('exampleSample', () => {
  it('takes the first sample of the kind the trigger runs on, or the chosen one', () => {
    expect(exampleSample(samples, 'call-complete')?.id).toBe('call');
    expect(exampleSample(samples, 'recording-complete')?.id).toBe('visit');
    expect(exampleSample(samples, 'job-complete')?.id).toBe('visit');
    expect(exampleSample(samples, 'recording-complete', 'call')?.id).toBe('call');
    expect(exampleSample(samples, 'call-complete', 'missing')).toBeUndefined();
  });
});

describe('createExampleBuilder', () => {
  it('stores the run of the version over the sample', async () => {
    const rules: BotEngine = {
      kind: 'rules',
      run: async () => ({
        outputTags: [{ index: 0, label: 'Booked', data: ['booked'] }],
        responseTags: [],
        unmatchedQuotes: 0,
        rawResponse: '{}',
        tokensIn: 0,
        tokensOut: 0,
        costMillicents: 0,
      }),
    } as unknown as BotEngine;
    const build = createExampleBuilder({ engines: { rules, llm: null }, samples: () => samples });
    const example = await build(version);
    expect(example).toMatchObject({
      sample_title: 'Sample call',
      transcript: samples[1]!.transcript,
      result: { bot_name: 'Booked', version: 3, status: 'success', run_type: 'manual' },
    });
  });

  it('gives null instead of failing when the engine cannot run', async () => {
    const failing = {
      kind: 'rules',
      run: () => Promise.reject(new Error('down')),
    } as unknown as BotEngine;
    const build = createExampleBuilder({
      engines: { rules: failing, llm: null },
      samples: () => samples,
    });
    expect(await build(version)).toBeNull();
    expect(await build({ ...version, engine: 'llm' } as BotVersionRow)).toBeNull();
  });
});
