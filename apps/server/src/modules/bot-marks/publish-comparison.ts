import type {
  BotEngineKind,
  OutputTagDefinition,
  PublishComparison,
  TagComparison,
} from '@fieldbot/shared';
import type { BotReferenceText } from '../../db/schema/bots.js';
import { runRules } from '../../providers/bot-engine/rules/rules-engine.js';
import type { SpeakerSide } from '../../providers/bot-engine/rules/speaker-side.js';

/**
 * The publish comparison: the draft and the newest version over the bot's labelled examples, tag
 * by tag. An example is a sentence, who said it, the tag it is about, and whether that tag should
 * match it; `weight` is how many marks carry that same example.
 */
export interface LabelledExample {
  tagId: number;
  sentence: string;
  side: SpeakerSide;
  shouldMatch: boolean;
  weight: number;
}

/** What a version is compared with: its engine, tags and reference texts. */
export interface ComparedVersion {
  engine: BotEngineKind;
  outputTags: OutputTagDefinition[];
  referenceTexts: BotReferenceText[];
}

export interface Figures {
  precision: number | null;
  recall: number | null;
}

/** One example's outcome under a version: did the tag match the sentence? */
export interface Outcome {
  shouldMatch: boolean;
  matched: boolean;
  weight: number;
}

/**
 * Precision = matched examples that should match ÷ all matched; recall = matched examples that
 * should match ÷ all that should match. Null where the denominator is empty.
 */
export function figuresOf(outcomes: readonly Outcome[]): Figures {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  for (const o of outcomes) {
    if (o.matched && o.shouldMatch) truePositives += o.weight;
    else if (o.matched) falsePositives += o.weight;
    else if (o.shouldMatch) falseNegatives += o.weight;
  }
  return {
    precision:
      truePositives + falsePositives === 0
        ? null
        : truePositives / (truePositives + falsePositives),
    recall:
      truePositives + falseNegatives === 0
        ? null
        : truePositives / (truePositives + falseNegatives),
  };
}

const lower = (before: number | null, after: number | null) =>
  before !== null && after !== null && after < before;

/**
 * A tag dropped when its precision or its recall is lower than before. A figure that cannot be
 * computed on one side (nothing matched, nothing should match) is no drop: recall already shows a
 * tag that stopped matching what it should.
 */
export function hasDropped(before: Figures | null, after: Figures): boolean {
  return (
    before !== null &&
    (lower(before.precision, after.precision) || lower(before.recall, after.recall))
  );
}

/** Speaker names whose side the rules engine reads back as the example's side. */
const SPEAKER_OF_SIDE = { agent: 'Technician', customer: 'Customer' } as const;
const speakerOf = (side: SpeakerSide) => (side ? SPEAKER_OF_SIDE[side] : 'Speaker');

/**
 * The tags each example sentence matches under a version: every sentence is its own one-segment
 * transcript, and every tag is evaluated on its own (a single sentence has no earlier tag, so
 * after_tag and unless_tag are dropped). Sentences said alike are run once.
 */
export function matchedTags(
  version: ComparedVersion,
  sentences: readonly { sentence: string; side: SpeakerSide }[],
): Map<string, Set<number>> {
  const bot = {
    name: 'Publish comparison',
    prompt: '',
    referenceTexts: version.referenceTexts,
    outputTags: version.outputTags.map((tag) => ({
      ...tag,
      rule: tag.rule && { ...tag.rule, after_tag: null, unless_tag: null },
    })),
  };
  const out = new Map<string, Set<number>>();
  for (const { sentence, side } of sentences) {
    const key = exampleKey(sentence, side);
    if (out.has(key)) continue;
    const speaker = speakerOf(side);
    const result = runRules(bot, {
      text: sentence,
      segments: [{ start: 0, end: 0, speaker, text: sentence }],
    });
    out.set(key, new Set(result.outputTags.filter((t) => t.data !== null).map((t) => t.id)));
  }
  return out;
}

const exampleKey = (sentence: string, side: SpeakerSide) => `${side ?? ''}\u0000${sentence}`;

/** The draft tags' own examples: said by the side the tag's rule listens to. */
export function ruleExamples(tags: readonly OutputTagDefinition[]): LabelledExample[] {
  return tags.flatMap((tag) => {
    if (!tag.rule?.examples) return [];
    const side: SpeakerSide = tag.rule.speaker === 'anyone' ? null : tag.rule.speaker;
    const of = (sentence: string, shouldMatch: boolean): LabelledExample => ({
      tagId: tag.index,
      sentence,
      side,
      shouldMatch,
      weight: 1,
    });
    return [
      ...tag.rule.examples.match.map((s) => of(s, true)),
      ...tag.rule.examples.ignore.map((s) => of(s, false)),
    ];
  });
}

/**
 * The comparison of the draft with the previous version (null for a first version) over the
 * examples. Only the rules engine is compared: running a paid model over the examples is never
 * done implicitly, so an LLM draft has no comparison, and a tag the previous version evaluated
 * with a model has no "before".
 */
export function comparePublish(input: {
  draft: ComparedVersion;
  previous: (ComparedVersion & { number: number }) | null;
  examples: readonly LabelledExample[];
}): PublishComparison {
  const { draft, previous } = input;
  const previousNumber = previous?.number ?? null;
  if (draft.engine !== 'rules') {
    return { previous_version: previousNumber, examples: 0, tags: [], dropped: false };
  }
  const tagIds = new Set(draft.outputTags.map((t) => t.index));
  const examples = input.examples.filter((e) => tagIds.has(e.tagId));
  const after = matchedTags(draft, examples);
  const comparable = previous?.engine === 'rules' ? previous : null;
  const before = comparable ? matchedTags(comparable, examples) : null;
  const outcomes = (tagId: number, matched: Map<string, Set<number>>) =>
    examples
      .filter((e) => e.tagId === tagId)
      .map((e) => ({
        shouldMatch: e.shouldMatch,
        weight: e.weight,
        matched: matched.get(exampleKey(e.sentence, e.side))?.has(tagId) ?? false,
      }));

  const tags: TagComparison[] = [...draft.outputTags]
    .sort((a, b) => a.index - b.index)
    .map((tag) => {
      const afterFigures = figuresOf(outcomes(tag.index, after));
      const beforeFigures =
        before && comparable!.outputTags.some((t) => t.index === tag.index)
          ? figuresOf(outcomes(tag.index, before))
          : null;
      return {
        tag_id: tag.index,
        label: tag.label,
        n: examples.filter((e) => e.tagId === tag.index).reduce((sum, e) => sum + e.weight, 0),
        before: beforeFigures,
        after: afterFigures,
        dropped: hasDropped(beforeFigures, afterFigures),
      };
    });
  return {
    previous_version: previousNumber,
    examples: tags.reduce((sum, t) => sum + t.n, 0),
    tags,
    dropped: tags.some((t) => t.dropped),
  };
}
