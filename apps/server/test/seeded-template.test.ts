import { inject, expect, it } from 'vitest';
import { seededTemplateFor } from './support/test-app';

// Each test file starts on a copy of the run's migrated and seeded template (seeded-template.ts);
// if the default test settings stopped matching it, every file would quietly migrate and seed its
// own database again, some 14 s each, and the suite would take twice as long.
it('gives a test server with the default settings the run’s seeded template', () => {
  const template = inject('seededTemplate');
  expect(template).not.toBeNull();
  expect(seededTemplateFor()).toBe(template);
});

it('does not give it to a server whose settings change what the seed writes', () => {
  expect(seededTemplateFor({ SEED_DEMO: 'false' })).toBeUndefined();
});
