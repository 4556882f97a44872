import { isWord, stemsOf, type Token } from './text-analysis.js';

/**
 * A tag's examples as a classifier: multinomial naive Bayes over word stems and word pairs,
 * trained on the sentences that should match and those that should not. A few examples are enough
 * to tell "we've got a club that covers both tune-ups" from "your club already covers that".
 * Trained once per set of examples (a bot version's tags), then kept.
 */
export interface ExampleClassifier {
  /** The closest matching example when the sentence reads as a match, else null. */
  classify(tokens: readonly Token[]): string | null;
}

// Words too common to tell anything; they still form word pairs ("got you", "you down").
const STOP = new Set(
  'a an the and or but so to of in on at for with is be are was were i you we it that this there he she they my your our me us them do have'.split(
    ' ',
  ),
);

/** Stems and adjacent stem pairs; single stop words left out. */
function features(stems: readonly string[]): string[] {
  const out = stems.filter((l) => !STOP.has(l));
  for (let i = 1; i < stems.length; i++) out.push(`${stems[i - 1]} ${stems[i]}`);
  return out;
}

/** How sure the classifier must be, as log-odds of match over no match. */
const MIN_LOG_ODDS = 1;
/** A match must share at least this many features with the examples that match. */
const MIN_SHARED = 2;

interface ClassModel {
  counts: Map<string, number>;
  total: number;
}

function train(sentences: readonly string[][]): ClassModel {
  const counts = new Map<string, number>();
  let total = 0;
  for (const f of sentences.flat()) {
    counts.set(f, (counts.get(f) ?? 0) + 1);
    total++;
  }
  return { counts, total };
}

export function trainExampleClassifier(
  match: readonly string[],
  ignore: readonly string[],
): ExampleClassifier | null {
  if (match.length === 0) return null;
  const matchFeatures = match.map((m) => features(stemsOf(m)));
  const yes = train(matchFeatures);
  const no = train(ignore.map((m) => features(stemsOf(m))));
  const vocabulary = new Set([...yes.counts.keys(), ...no.counts.keys()]).size + 1;
  const logP = (model: ClassModel, f: string) =>
    Math.log(((model.counts.get(f) ?? 0) + 1) / (model.total + vocabulary));
  return {
    classify(tokens) {
      const fs = features(tokens.filter(isWord).map((t) => t.stem));
      const known = fs.filter((f) => yes.counts.has(f) || no.counts.has(f));
      if (known.filter((f) => yes.counts.has(f)).length < MIN_SHARED) return null;
      // Unseen features weigh the same in both classes, so only known ones are summed.
      const odds = known.reduce((sum, f) => sum + logP(yes, f) - logP(no, f), 0);
      if (odds < MIN_LOG_ODDS) return null;
      let best = 0;
      matchFeatures.forEach((mf, k) => {
        const shared = mf.filter((f) => fs.includes(f)).length;
        if (shared > matchFeatures[best]!.filter((f) => fs.includes(f)).length) best = k;
      });
      return match[best]!;
    },
  };
}

/** Classifiers by their examples, so each bot version's tags are trained once per process. */
const trained = new Map<string, ExampleClassifier | null>();
const TRAINED_MAX = 2_000;

export function exampleClassifier(examples: {
  match: readonly string[];
  ignore: readonly string[];
}): ExampleClassifier | null {
  if (examples.match.length === 0) return null;
  const key = JSON.stringify([examples.match, examples.ignore]);
  let classifier = trained.get(key);
  if (classifier === undefined) {
    if (trained.size >= TRAINED_MAX) trained.clear();
    classifier = trainExampleClassifier(examples.match, examples.ignore);
    trained.set(key, classifier);
  }
  return classifier;
}
