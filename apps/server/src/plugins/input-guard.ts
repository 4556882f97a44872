import { MESSAGES } from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import { FieldValidationError } from '../lib/errors.js';

// NUL cannot be stored in PostgreSQL text, and a lone UTF-16 surrogate is not valid JSON/UTF-8.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Path of the first string (or key) the database cannot store, or null. */
export function findUnstorable(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  // Only parsed JSON (plain objects and arrays); never walk streams or buffers.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return [...path, key.replace(new RegExp(UNSTORABLE, 'g'), '')];
    const found = findUnstorable(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Refuses NUL characters and lone surrogates anywhere in params, query or body with a 422 before any query runs. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findUnstorable(part);
      if (path)
        throw new FieldValidationError({ [path.join('.') || '_']: [MESSAGES.invalidValue] });
    }
  });
}
