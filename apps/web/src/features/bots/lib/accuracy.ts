import type { BotVersion, TagAccuracy } from '@fieldbot/shared';

export interface Accuracy {
  /** correct / (correct + wrong), 0..1; null without marks. */
  ratio: number | null;
  /** '87%' or '—'. */
  label: string;
  /** '7 correct, 1 wrong' or 'No reviewer marks yet'. */
  detail: string;
}

/** A version's accuracy from reviewers' correct/wrong marks on its response tags. */
export function versionAccuracy({ correct, wrong }: BotVersion['feedback']): Accuracy {
  const marks = correct + wrong;
  if (marks === 0) return { ratio: null, label: '—', detail: 'No reviewer marks yet' };
  const ratio = correct / marks;
  return {
    ratio,
    label: `${Math.round(ratio * 100)}%`,
    detail: `${correct} correct, ${wrong} wrong`,
  };
}

/** A precision or recall as a whole percentage; '–' when nothing was marked. */
export const percentOrDash = (ratio: number | null): string =>
  ratio === null ? '–' : `${Math.round(ratio * 100)}%`;

/** The marks behind a tag's figures: '3 correct, 1 wrong, 2 missed'. */
export const markCounts = ({ correct, wrong, missed }: Omit<TagAccuracy, 'label' | 'tag_id'>) =>
  `${correct} correct, ${wrong} wrong, ${missed} missed`;

/** A version whose tags nobody has marked yet. */
export const hasNoMarks = (tags: readonly Pick<TagAccuracy, 'n'>[]) => tags.every((t) => t.n === 0);
