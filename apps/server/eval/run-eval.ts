import { selectBotsForInteraction, type BotInput } from '@fieldbot/shared';
import { DEMO_BOTS } from '../src/seed/demo-bots.js';
import type { BotEngine, EngineBot } from '../src/providers/bot-engine/bot-engine.js';
import type { EvalTranscript } from './eval-set.js';
import { emptyPart, scoreResult, type PartCounts } from './score.js';

/** The bots measured: the demo publisher's bots, as the product runs them. */
export const EVAL_BOTS: readonly BotInput[] = DEMO_BOTS;

const engineBot = (bot: BotInput): EngineBot => ({
  name: bot.name,
  prompt: bot.prompt,
  outputTags: bot.output_tags,
  referenceTexts: [],
});

/**
 * Runs each bot over the transcripts its trigger selects (as automation does) through `engine`,
 * `concurrency` runs at a time, and scores every result against the labels.
 */
export async function evaluateSet(
  transcripts: readonly EvalTranscript[],
  engine: BotEngine,
  options: { bots?: readonly BotInput[]; concurrency?: number } = {},
): Promise<PartCounts> {
  const part = emptyPart();
  part.transcripts = transcripts.length;
  const runs = transcripts.flatMap((transcript) =>
    selectBotsForInteraction(options.bots ?? EVAL_BOTS, {
      type: transcript.type,
      call_type: null,
    }).map((bot) => ({ transcript, bot })),
  );
  let next = 0;
  const worker = async () => {
    while (next < runs.length) {
      const { transcript, bot } = runs[next++]!;
      const result = await engine.run(engineBot(bot), {
        text: transcript.text,
        segments: transcript.segments,
      });
      scoreResult(part, transcript, bot.name, result);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 1 }, worker));
  return part;
}
