import { userResponseSchema, type User } from '@fieldbot/shared';
import { makeCompany, makeUser } from '@fieldbot/shared/testing';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema, responseSerializerCompiler } from './response-serializer.js';

async function serve(schema: z.core.$ZodType, payload: unknown) {
  const app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/x', { schema: { response: { 200: schema } } }, async () => payload);
  const res = await app.inject({ url: '/x' });
  await app.close();
  return res;
}

describe('response serializer', () => {
  const users: User[] = [
    makeUser('company_admin', { company: makeCompany({ latLng: null, timezones: null }) }),
    makeUser('field_team', { image: 'https://x.test/a.png', phone: null }),
    makeUser('publisher_admin', { company: null, publisher: { id: 'p1', name: 'Pub' } }),
  ];

  it('writes exactly what a zod parse would, for every shape of user', async () => {
    for (const user of users) {
      const res = await serve(userResponseSchema, { data: user });
      expect(res.body).toBe(JSON.stringify(userResponseSchema.parse({ data: user })));
    }
  });

  it('keeps the allow-list: fields outside the schema never leave, nested or not', async () => {
    const user = users[0]!;
    const leaky = {
      data: {
        ...user,
        password_hash: 'secret',
        company: { ...user.company, stripe_secret: 'sk' },
        permissions: user.permissions.map((p) => ({ ...p, internal: 1 })),
      },
    };
    const res = await serve(userResponseSchema, leaky);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/secret|sk|internal/);
    expect(JSON.parse(res.body)).toEqual(userResponseSchema.parse(leaky));
  });

  it('answers 500 rather than leave out a required field', async () => {
    const { name: _missing, ...user } = users[0]!;
    expect((await serve(userResponseSchema, { data: user })).statusCode).toBe(500);
  });

  it('keeps the zod serializer for what JSON Schema cannot express', async () => {
    const schema = z.object({ at: z.date().transform((d) => d.getTime()) });
    expect(responseJsonSchema(schema)).toBeNull();
    const res = await serve(schema, { at: new Date(5) });
    expect(res.body).toBe('{"at":5}');
  });

  it('writes nullable objects and unions of objects inline', async () => {
    const schema = z.object({
      a: z.object({ x: z.number() }).nullable(),
      u: z.discriminatedUnion('k', [
        z.object({ k: z.literal('one'), v: z.number() }),
        z.object({ k: z.literal('two'), w: z.string() }),
      ]),
    });
    const payload = { a: null, u: { k: 'two', w: 'w', extra: true } };
    expect((await serve(schema, payload)).body).toBe('{"a":null,"u":{"k":"two","w":"w"}}');
  });
});
