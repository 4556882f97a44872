import { RULE_FAMILY_INFO, type RuleFamily } from '@fieldbot/shared';
import { clauseAt } from '../clauses.js';
import { isNegated } from '../negation.js';
import type { TranscriptSentence } from '../transcript-sentences.js';
import { bookingConfirmed, declinedDeferred, slotOffered, workApproved } from './booking.js';
import {
  concernMess,
  concernNoise,
  concernPrice,
  concernReliability,
  concernSafety,
  concernTiming,
  concernTrust,
  concernWarranty,
} from './concerns.js';
import { patternsSaid, type PhraseFamily } from './family.js';
import { maintenancePlan } from './maintenance-plan.js';

const FAMILIES: Record<RuleFamily, PhraseFamily> = {
  'maintenance-plan': maintenancePlan,
  'booking-confirmed': bookingConfirmed,
  'declined-deferred': declinedDeferred,
  'slot-offered': slotOffered,
  'work-approved': workApproved,
  'concern-price': concernPrice,
  'concern-timing': concernTiming,
  'concern-trust': concernTrust,
  'concern-warranty': concernWarranty,
  'concern-safety': concernSafety,
  'concern-mess': concernMess,
  'concern-noise': concernNoise,
  'concern-reliability': concernReliability,
};

export interface FamilyHit {
  /** Offsets of the matched words in the transcript. */
  start: number;
  end: number;
  matchedBy: string;
}

/**
 * The first place in a sentence where a family is said and counts: not excluded in its clause,
 * and (with negation on, for patterns that can be negated) not negated there. Several tags of the
 * bots that run together ask the same family of the same sentences (Booked and Time agreed both
 * read "booking confirmed"), so each answer is kept with the analysed sentence.
 */
export function matchFamily(
  id: RuleFamily,
  sentence: TranscriptSentence,
  negation: boolean,
): FamilyHit | null {
  let answers = asked.get(sentence);
  if (!answers) asked.set(sentence, (answers = new Map()));
  const key = negation ? id : `${id}/no-negation`;
  let hit = answers.get(key);
  if (hit === undefined) answers.set(key, (hit = findFamily(id, sentence, negation)));
  return hit;
}

const asked = new WeakMap<TranscriptSentence, Map<string, FamilyHit | null>>();

function findFamily(
  id: RuleFamily,
  sentence: TranscriptSentence,
  negation: boolean,
): FamilyHit | null {
  const family = FAMILIES[id];
  const said = patternsSaid(family, sentence.flat);
  if (said.length === 0) return null;
  if (!family.requires.every((re) => re.test(sentence.flat))) return null;
  const excluded = family.exclude.flatMap((re) =>
    [...sentence.flat.matchAll(re)].map((m) => clauseAt(sentence, sentence.start + m.index).start),
  );
  for (const pattern of said) {
    for (const m of sentence.flat.matchAll(pattern.re)) {
      const start = sentence.start + m.index;
      const end = start + m[0].length;
      if (excluded.includes(clauseAt(sentence, start).start)) continue;
      if (negation && pattern.negatable && isNegated(sentence, start, end)) continue;
      return { start, end, matchedBy: `Family: ${RULE_FAMILY_INFO[id].label}` };
    }
  }
  return null;
}
