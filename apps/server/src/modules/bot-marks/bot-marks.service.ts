import {
  BOT_MARK_MESSAGES,
  BOT_RUN_MESSAGES,
  estimateAccuracy,
  type BotMarkKind,
  type FeedbackVerdict,
  type MissedMark,
  type MissedMarkRequest,
  type OutputTagDefinition,
  type PublishComparison,
  type SharedMiss,
  type TagAccuracy,
  type User,
} from '@fieldbot/shared';
import { fieldError, notFound } from '../../lib/errors.js';
import { viewerScope } from '../../lib/viewer-scope.js';
import type { BotMarksRepo, MarkedResult, NewBotMark } from './bot-marks.repo.js';
import { markSentence } from './mark-sentence.js';
import {
  comparePublish,
  ruleExamples,
  type ComparedVersion,
  type LabelledExample,
} from './publish-comparison.js';
import { redactSentence } from './redact-sentence.js';

export type BotMarksService = ReturnType<typeof createBotMarksService>;

type TagCount = Awaited<ReturnType<BotMarksRepo['tagCounts']>>[number];
type WorstMissRow = Awaited<ReturnType<BotMarksRepo['worstMisses']>>[number];
type SharedExampleRow = Awaited<ReturnType<BotMarksRepo['sharedExamples']>>[number];

const labelOf = (tags: readonly { index: number; label: string }[], tagId: number) =>
  tags.find((t) => t.index === tagId)?.label ?? `Tag ${tagId}`;

/** Per tag of a version (every tag, marked or not): the reviewers' counts and the estimates. */
export function tagAccuracyOf(
  tags: readonly OutputTagDefinition[],
  counts: readonly Pick<TagCount, 'tagId' | 'kind' | 'n'>[],
): TagAccuracy[] {
  return [...tags]
    .sort((a, b) => a.index - b.index)
    .map((tag) => {
      const of = (kind: BotMarkKind) =>
        counts.filter((c) => c.tagId === tag.index && c.kind === kind).reduce((s, c) => s + c.n, 0);
      const marks = { correct: of('correct'), wrong: of('wrong'), missed: of('missed') };
      return { tag_id: tag.index, label: tag.label, ...marks, ...estimateAccuracy(marks) };
    });
}

/** Shared marks a publisher reads (already redacted), labelled with their version's tag names. */
export function sharedMissesOf(
  rows: readonly WorstMissRow[],
  tagsOfVersion: ReadonlyMap<string, readonly OutputTagDefinition[]>,
): SharedMiss[] {
  return rows.map((row) => ({
    version: row.version,
    tag_id: row.tagId,
    label: labelOf(tagsOfVersion.get(row.versionId) ?? [], row.tagId),
    kind: row.kind === 'wrong' ? 'wrong' : 'missed',
    sentence: row.sentence,
    count: row.count,
  }));
}

/** Missed and Correct marks say the tag should match the sentence; Wrong ones that it should not. */
export const examplesOfMarks = (rows: readonly SharedExampleRow[]): LabelledExample[] =>
  rows.map((row) => ({
    tagId: row.tagId,
    sentence: row.sentence,
    side: row.side,
    shouldMatch: row.kind !== 'wrong',
    weight: row.count,
  }));

export function createBotMarksService(deps: { repo: BotMarksRepo }) {
  const { repo } = deps;

  /** A result of the viewer's company and scope that has finished (it has response tags). */
  async function finishedResult(viewer: User, resultId: string, field: string) {
    const result = await repo.result(viewerScope(viewer), resultId);
    if (!result) throw notFound();
    // A running (or failed) result has no response tags and nothing to mark.
    if (!result.responseTags) throw fieldError(field, BOT_RUN_MESSAGES.resultNotFinished);
    return result;
  }

  /**
   * What every mark records of marked words: the sentence the result saw around them, its
   * speaker's side and, when the company shares marks now, the sentence redacted. A result
   * finished before transcripts were kept with results has only the marked words themselves.
   */
  async function spanFields(
    result: MarkedResult,
    span: { tagId: number; start: number; end: number; text: string },
    userId: string,
  ) {
    const { sentence, side } =
      result.transcriptText === null
        ? { sentence: span.text, side: null }
        : markSentence(
            result.transcriptText,
            await repo.targetSegments(result),
            span.start,
            span.end,
          );
    return {
      botId: result.botId,
      versionId: result.versionId,
      companyId: result.companyId,
      resultId: result.id,
      tagId: span.tagId,
      indexStart: span.start,
      indexEnd: span.end,
      text: span.text,
      sentence,
      speakerSide: side,
      sharedSentence: result.shareBotExamples ? redactSentence(sentence) : null,
      userId,
    } satisfies Omit<NewBotMark, 'kind'>;
  }

  return {
    /** POST …/missed: words of the transcript one of the version's tags should have tagged. */
    async addMissed(viewer: User, resultId: string, body: MissedMarkRequest): Promise<MissedMark> {
      const result = await finishedResult(viewer, resultId, 'index_start');
      if (!result.versionTags.some((t) => t.index === body.tag_id)) {
        throw fieldError('tag_id', BOT_MARK_MESSAGES.unknownTag);
      }
      const transcript = result.transcriptText ?? '';
      const text = transcript.slice(body.index_start, body.index_end);
      // Offsets past the end, or a selection of nothing but spaces, select no words of it.
      if (body.index_end > transcript.length || text.trim() === '') {
        throw fieldError('index_start', BOT_MARK_MESSAGES.outsideTranscript);
      }
      const fields = await spanFields(
        result,
        { tagId: body.tag_id, start: body.index_start, end: body.index_end, text },
        viewer.id,
      );
      const mark = await repo.insertMissed({ ...fields, kind: 'missed' });
      return {
        id: mark.id,
        tag_id: mark.tagId,
        label: labelOf(result.versionTags, mark.tagId),
        index_start: mark.indexStart,
        index_end: mark.indexEnd,
        text: mark.text,
      };
    },

    /** DELETE …/missed/{markId}: 404 for a mark this result does not have. */
    async removeMissed(viewer: User, resultId: string, markId: string): Promise<void> {
      const result = await repo.result(viewerScope(viewer), resultId);
      if (!result || !(await repo.deleteMissed(result.id, markId))) throw notFound();
    },

    /** The Missed marks of results, for the result routes. */
    missedOf: (resultIds: readonly string[]) => repo.missedOf(resultIds),

    /**
     * The mark a Correct / Wrong verdict on a response tag becomes (null when cleared); the caller
     * writes it with the verdict.
     */
    async feedbackMark(
      viewer: User,
      resultId: string,
      tagPosition: number,
      verdict: FeedbackVerdict | null,
    ): Promise<(NewBotMark & { kind: 'correct' | 'wrong'; tagPosition: number }) | null> {
      if (verdict === null) return null;
      const result = await finishedResult(viewer, resultId, 'tag_position');
      const tag = result.responseTags![tagPosition];
      if (!tag || tag.index_end <= tag.index_start) return null;
      const fields = await spanFields(
        result,
        { tagId: tag.tag_id, start: tag.index_start, end: tag.index_end, text: tag.text },
        viewer.id,
      );
      return { ...fields, kind: verdict, tagPosition };
    },

    /** Each version's per-tag accuracy from every company's marks, by version id. */
    async accuracy(
      botId: string,
      versions: readonly { id: string; outputTags: OutputTagDefinition[] }[],
    ): Promise<Map<string, TagAccuracy[]>> {
      const counts = await repo.tagCounts(botId);
      return new Map(
        versions.map((v) => [
          v.id,
          tagAccuracyOf(
            v.outputTags,
            counts.filter((c) => c.versionId === v.id),
          ),
        ]),
      );
    },

    /** The shared, redacted Missed and Wrong sentences of the bot, most frequent first. */
    async worstMisses(
      botId: string,
      versions: readonly { id: string; outputTags: OutputTagDefinition[] }[],
    ): Promise<SharedMiss[]> {
      const rows = await repo.worstMisses(botId);
      return sharedMissesOf(rows, new Map(versions.map((v) => [v.id, v.outputTags])));
    },

    /**
     * The draft against the newest version over the bot's labelled examples: its shared marks of
     * every version and the draft tags' own examples.
     */
    async comparePublish(
      botId: string,
      draft: ComparedVersion,
      previous: (ComparedVersion & { number: number }) | null,
    ): Promise<PublishComparison> {
      if (draft.engine !== 'rules') return comparePublish({ draft, previous, examples: [] });
      const marks = examplesOfMarks(await repo.sharedExamples(botId));
      return comparePublish({
        draft,
        previous,
        examples: [...marks, ...ruleExamples(draft.outputTags)],
      });
    },
  };
}
