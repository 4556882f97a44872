import type { BotTrigger, SampleTranscript } from '@fieldbot/shared';
import { engineFor, type BotEngines } from '../../providers/bot-engine/index.js';
import type { ExampleBuilder } from './bots.service.js';
import { runOnTranscript, TEST_RUN_TIMEOUT_MS } from './bot-test-run.service.js';

/** The sample kind each trigger runs on; a job-complete bot reads any conversation. */
const SAMPLE_TYPE: Record<BotTrigger, SampleTranscript['type'] | null> = {
  'recording-complete': 'field-recording',
  'call-complete': 'csr-call',
  'job-complete': null,
};

/** The publisher's chosen sample, else the first one of the kind the bot's trigger runs on. */
export function exampleSample(
  samples: readonly SampleTranscript[],
  trigger: BotTrigger,
  sampleId?: string,
): SampleTranscript | undefined {
  if (sampleId) return samples.find((s) => s.id === sampleId);
  const type = SAMPLE_TYPE[trigger];
  return samples.find((s) => type === null || s.type === type);
}

/**
 * A published version's marketplace example is a test run of that version over a
 * sample transcript. Best effort: any failure (no sample, engine down, timeout) gives null.
 */
export function createExampleBuilder(deps: {
  engines: BotEngines;
  samples(): SampleTranscript[];
  timeoutMs?: number;
}): ExampleBuilder {
  return async (version, sampleId) => {
    const sample = exampleSample(deps.samples(), version.trigger, sampleId);
    if (!sample) return null;
    try {
      const run = await runOnTranscript(
        engineFor(deps.engines, version.engine),
        {
          name: version.name,
          prompt: version.prompt,
          color: version.color,
          outputTags: version.outputTags,
          referenceTexts: version.referenceTexts,
        },
        { text: sample.transcript, segments: sample.segments },
        {
          version: version.number,
          signal: AbortSignal.timeout(deps.timeoutMs ?? TEST_RUN_TIMEOUT_MS),
        },
      );
      return {
        sample_title: sample.title,
        transcript: run.transcript,
        segments: run.segments,
        result: run.result,
      };
    } catch {
      return null;
    }
  };
}
