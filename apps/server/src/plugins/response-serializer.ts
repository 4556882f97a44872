import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Rewrites what z.toJSONSchema makes into what fast-json-stringify serializes well:
 * - `additionalProperties: false` goes: fast-json-stringify already writes only the declared
 *   properties (the allow-list), while inside an `anyOf` the keyword would make its branch check
 *   refuse an object that merely carries extra fields;
 * - `anyOf [X, null]` (every `.nullable()`) becomes `type: [X, 'null']`, written inline instead of
 *   choosing a branch by validating the value on every call.
 */
function forSerializer(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializer);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === 'propertyNames') continue;
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = forSerializer(value);
  }
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullAt = branches.findIndex(
      (b: JsonSchema) => b.type === 'null' && Object.keys(b).length === 1,
    );
    const other = branches[1 - nullAt] as JsonSchema | undefined;
    if (nullAt >= 0 && typeof other?.type === 'string') {
      const { anyOf: _replaced, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The JSON schema of a zod response schema, or null when zod cannot express it (dates, transforms). */
export function responseJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    const json = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'throw',
    });
    return forSerializer(json) as JsonSchema;
  } catch {
    return null;
  }
}

const compiled = new WeakMap<object, (data: unknown) => string>();

/**
 * Response schemas are the shared zod schemas; they are compiled once into fast-json-stringify
 * functions (Fastify's own serializer), which write only the declared fields, instead of a zod
 * parse plus JSON.stringify on every response. A schema JSON Schema cannot express keeps the zod
 * serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const { schema } = route;
  let serialize = compiled.get(schema);
  if (!serialize) {
    const json = responseJsonSchema(schema);
    serialize = json
      ? (fastJson(json) as (data: unknown) => string)
      : (zodSerializerCompiler(route) as (data: unknown) => string);
    compiled.set(schema, serialize);
  }
  return serialize;
};
