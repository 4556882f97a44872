import type { OutputTag } from '@fieldbot/shared';
import type { BotEngine, EngineBot, EngineResult, EngineTranscript } from '../bot-engine.js';
import { evaluateTag, type RuleContext } from './evaluate-tag.js';
import { extractMoney } from './extractors.js';
import { parse } from './nlp.js';
import { transcriptSentences } from './transcript-sentences.js';

/** Reference text read for amounts, per file; a price list is far shorter. */
const REFERENCE_CHARS_MAX = 50_000;

/**
 * Issue 9 §2 rules engine: the offline default. Every output tag's rule (phrases by word roots,
 * speaker side, extractors) is matched against the transcript's sentences; data and response tags
 * come only from what matched. Deterministic, no tokens, no cost.
 */
export function createRulesEngine(): BotEngine {
  return {
    kind: 'rules',
    run: (bot, transcript) => Promise.resolve(runRules(bot, transcript)),
  };
}

export function runRules(bot: EngineBot, transcript: EngineTranscript): EngineResult {
  const sentences = transcriptSentences(transcript);
  const context = ruleContext(bot);
  const outputTags: OutputTag[] = [];
  const responseTags: EngineResult['responseTags'] = [];
  for (const definition of [...bot.outputTags].sort((a, b) => a.index - b.index)) {
    const finding = definition.rule
      ? evaluateTag(definition.rule, sentences, context)
      : { data: null, evidence: [] };
    outputTags.push({
      id: definition.index,
      label: definition.label,
      data: finding.data,
      description: definition.description,
    });
    for (const sentence of finding.evidence) {
      responseTags.push({
        tag_id: definition.index,
        label: definition.label,
        index_start: sentence.start,
        index_end: sentence.end,
        text: sentence.text,
        match: 'exact',
        score: 1,
      });
    }
  }
  return {
    rawResponse: outputTags.map((t) => `${t.label}: ${t.data ?? 'Not found'}`).join('\n'),
    outputTags,
    responseTags,
    unmatchedQuotes: 0,
    tokensIn: 0,
    tokensOut: 0,
    costMillicents: 0,
  };
}

function ruleContext(bot: EngineBot): RuleContext {
  const usesMoney = bot.outputTags.some((t) => t.rule?.extractors.includes('money'));
  const referenceCents = new Set<number>();
  if (usesMoney) {
    for (const file of bot.referenceTexts) {
      extractMoney(parse(file.text.slice(0, REFERENCE_CHARS_MAX))).forEach((c) =>
        referenceCents.add(c),
      );
    }
  }
  return { referenceCents };
}
