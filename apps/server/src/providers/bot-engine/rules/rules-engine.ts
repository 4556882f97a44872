import { segmentOffsets, withRuleDefaults, type OutputTag } from '@fieldbot/shared';
import type { BotEngine, EngineBot, EngineResult, EngineTranscript } from '../bot-engine.js';
import { evaluateTag, type RuleContext, type TagFinding } from './evaluate-tag.js';
import { findAmounts } from './money/index.js';
import { transcriptSentences } from './transcript-sentences.js';

/** Reference text read for amounts, per file; a price list is far shorter. */
const REFERENCE_CHARS_MAX = 50_000;

/**
 * The rules engine: the offline default. Every output tag's rule (phrases by lemmas, families,
 * examples, negation, speaker side, extractors) is matched against the transcript's sentences;
 * data and response tags come only from what matched. Deterministic, no tokens, no cost.
 */
export function createRulesEngine(): BotEngine {
  return {
    kind: 'rules',
    run: (bot, transcript) => Promise.resolve(runRules(bot, transcript)),
  };
}

export function runRules(bot: EngineBot, transcript: EngineTranscript): EngineResult {
  const sentences = transcriptSentences(transcript);
  const earlier = new Map<number, TagFinding>();
  const offsets = segmentOffsets(transcript.segments);
  const turns = transcript.segments.map((s, k) => ({ start: offsets[k]!, text: s.text }));
  const context: RuleContext = { referenceCents: referenceCents(bot), turns, earlier };
  const outputTags: OutputTag[] = [];
  const responseTags: EngineResult['responseTags'] = [];
  // In index order: a rule may only look at tags above it (after_tag, unless_tag).
  for (const definition of [...bot.outputTags].sort((a, b) => a.index - b.index)) {
    const rule = definition.rule ? withRuleDefaults(definition.rule) : null;
    const finding = rule ? evaluateTag(rule, sentences, context) : { data: null, evidence: [] };
    earlier.set(definition.index, finding);
    outputTags.push({
      id: definition.index,
      label: definition.label,
      data: finding.data,
      description: definition.description,
      ...(finding.amounts ? { amounts: finding.amounts } : {}),
    });
    for (const evidence of finding.evidence) {
      responseTags.push({
        tag_id: definition.index,
        label: definition.label,
        index_start: evidence.start,
        index_end: evidence.end,
        text: transcript.text.slice(evidence.start, evidence.end),
        match: 'exact',
        score: 1,
        matched_by: evidence.matchedBy,
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

function referenceCents(bot: EngineBot): Set<number> {
  const cents = new Set<number>();
  if (!bot.outputTags.some((t) => t.rule?.extractors.includes('money'))) return cents;
  for (const file of bot.referenceTexts) {
    // A price list states its prices: read them as prices.
    for (const line of file.text.slice(0, REFERENCE_CHARS_MAX).split('\n')) {
      findAmounts(line, { priceContext: true }).forEach((a) => cents.add(a.cents));
    }
  }
  return cents;
}
