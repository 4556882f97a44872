import type { botVersions } from '../../db/schema/index.js';

/**
 * What a published version freezes: everything that changes how a run behaves.
 * Description and visibility are listing details of the bot itself, so editing them alone is not an
 * unpublished change.
 */
export type VersionContent = Pick<
  typeof botVersions.$inferSelect,
  | 'name'
  | 'prompt'
  | 'color'
  | 'trigger'
  | 'triggerEvent'
  | 'outputTags'
  | 'engine'
  | 'referenceTexts'
>;

export const contentOfVersion = (v: typeof botVersions.$inferSelect): VersionContent => ({
  name: v.name,
  prompt: v.prompt,
  color: v.color,
  trigger: v.trigger,
  triggerEvent: v.triggerEvent,
  outputTags: v.outputTags,
  engine: v.engine,
  referenceTexts: v.referenceTexts,
});

/**
 * JSON with object keys sorted, so two contents compare equal whatever order jsonb gave back
 * their keys in (jsonb does not keep the order they were written in).
 */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** Tags are compared in index order, reference files in name order: neither order means anything. */
function normalised(c: VersionContent) {
  return {
    ...c,
    outputTags: [...c.outputTags].sort((a, b) => a.index - b.index),
    referenceTexts: c.referenceTexts
      .map(({ name, text }) => ({ name, text }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

export const sameContent = (a: VersionContent, b: VersionContent): boolean =>
  canonical(normalised(a)) === canonical(normalised(b));
