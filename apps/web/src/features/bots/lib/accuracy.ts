import type { BotVersion } from '@fieldbot/shared';

export interface Accuracy {
  /** correct / (correct + wrong), 0..1; null without marks. */
  ratio: number | null;
  /** '87%' or '—'. */
  label: string;
  /** '7 correct, 1 wrong' or 'No reviewer marks yet'. */
  detail: string;
}

/** A version's accuracy from reviewers' correct/wrong marks on its response tags (issue 9 §5). */
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
