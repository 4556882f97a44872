import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createServer, type Server } from './server.js';

// One server for the file: the composition root wired as `npm start` wires it, over app.inject().

type Jar = Map<string, string>;

function remember(jar: Jar, setCookie: string | string[] | undefined) {
  for (const line of [setCookie ?? []].flat()) {
    const [pair] = line.split(';');
    const [name, ...rest] = pair!.split('=');
    const value = rest.join('=');
    if (value === '') jar.delete(name!);
    else jar.set(name!, value);
  }
}

let server: Server;
let dataDir: string;

async function call(
  jar: Jar,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = jar.get('XSRF-TOKEN');
  const res = await server.app.inject({
    method,
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  remember(jar, res.headers['set-cookie']);
  return res;
}

async function freshJar(): Promise<Jar> {
  const jar: Jar = new Map();
  const res = await call(jar, 'GET', '/api/csrf-cookie');
  expect(res.statusCode).toBe(204);
  return jar;
}

async function login(email: string, password = 'Demo@12345') {
  const jar = await freshJar();
  const res = await call(jar, 'POST', '/api/user/login', { email, password });
  expect(res.statusCode).toBe(200);
  return jar;
}

async function waitForMail(to: string): Promise<{ text: string; subject: string }> {
  const dir = path.join(dataDir, 'outbox');
  for (let i = 0; i < 50; i++) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.endsWith('.json'))) {
      const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as {
        to: string;
        text: string;
        subject: string;
      };
      if (mail.to === to) return mail;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${to}`);
}

// With DATABASE_URL set (the PostgreSQL run), this file works in a database of its own on that server.
const baseUrl = process.env.DATABASE_URL;
const ownDatabase = `fieldbot_unit_${process.pid}_${Date.now()}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'fieldbot-server-'));
  let databaseUrl: string | undefined;
  if (baseUrl) {
    await admin(`CREATE DATABASE ${ownDatabase}`);
    const url = new URL(baseUrl);
    url.pathname = `/${ownDatabase}`;
    databaseUrl = url.toString();
  }
  server = await createServer(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
  );
});

afterAll(async () => {
  await server?.close();
  if (baseUrl) await admin(`DROP DATABASE IF EXISTS ${ownDatabase} WITH (FORCE)`);
  await rm(dataDir, { recursive: true, force: true });
});

describe('sessions and CSRF', () => {
  it('refuses a mutation without the CSRF header with 419 and logs nobody in', async () => {
    const jar = await freshJar();
    const res = await call(
      jar,
      'POST',
      '/api/user/login',
      { email: 'admin@demo.fieldbot.test', password: 'Demo@12345' },
      { 'x-xsrf-token': 'wrong' },
    );
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
    expect((await call(jar, 'GET', '/api/user/me')).statusCode).toBe(401);
  });

  it('logs in with a new session id and token, answers me, and logs out server-side', async () => {
    const jar = await freshJar();
    const before = { ...Object.fromEntries(jar) };
    const res = await call(jar, 'POST', '/api/user/login', {
      email: 'ADMIN@demo.fieldbot.test',
      password: 'Demo@12345',
    });
    expect(res.statusCode).toBe(200);
    expect(jar.get('fieldbot_session')).not.toBe(before.fieldbot_session);
    expect(jar.get('XSRF-TOKEN')).not.toBe(before['XSRF-TOKEN']);
    const me = await call(jar, 'GET', '/api/user/me');
    expect(me.json().data).toMatchObject({
      email: 'admin@demo.fieldbot.test',
      role: { alias: 'company_admin', title: 'Company Admin' },
      company: { name: 'Acme Home Services', is_billing_connected: true, is_crm_connected: true },
    });
    expect(me.json().data.intercom_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(me.json())).not.toMatch(/argon2|password/i);

    const stolen = new Map(jar);
    expect((await call(jar, 'POST', '/api/user/logout', { device_uuid: 'x' })).statusCode).toBe(
      200,
    );
    // The old cookie no longer works anywhere: the session was destroyed in the database.
    expect((await call(stolen, 'GET', '/api/user/me')).statusCode).toBe(401);
  });
});

describe('accounts', () => {
  it('signs up, mails a verification link, verifies and logs in', async () => {
    const jar = await freshJar();
    const body = {
      name: 'Jane   Doe',
      email: 'Jane@Example.test',
      password: 'Zq7!mWv2@pLx',
      password_confirmation: 'Zq7!mWv2@pLx',
    };
    expect((await call(jar, 'POST', '/api/user/signup', body)).statusCode).toBe(201);
    const again = await call(jar, 'POST', '/api/user/signup', body);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['Email address is already taken']);

    const unverified = await call(jar, 'POST', '/api/user/login', {
      email: body.email,
      password: body.password,
    });
    expect(unverified.statusCode).toBe(422);

    const mail = await waitForMail('jane@example.test');
    const token = /\/verify\/([\w-]+)/.exec(mail.text)![1]!;
    expect((await call(jar, 'GET', `/api/user/verify/${token}`)).statusCode).toBe(200);
    expect((await call(jar, 'GET', `/api/user/verify/${token}`)).statusCode).toBe(422);
    const ok = await call(jar, 'POST', '/api/user/login', {
      email: body.email,
      password: body.password,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Jane Doe', company: null });
  });

  it('limits failed logins per account with 429 and Retry-After', async () => {
    const jar = await freshJar();
    const attempt = () =>
      call(jar, 'POST', '/api/user/login', { email: 'nobody@x.test', password: 'Wrong@1234' });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(422);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many login attempts/);
  });

  it('change-password ends every session, and the new password works', async () => {
    const a = await login('publisher.user@demo.fieldbot.test');
    const b = await login('publisher.user@demo.fieldbot.test');
    const wrong = await call(a, 'POST', '/api/user/change-password', {
      current_password: 'Nope@12345',
      password: 'Zq7!mWv2@pLy',
      password_confirmation: 'Zq7!mWv2@pLy',
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['current_password']);
    const res = await call(a, 'POST', '/api/user/change-password', {
      current_password: 'Demo@12345',
      password: 'Zq7!mWv2@pLy',
      password_confirmation: 'Zq7!mWv2@pLy',
    });
    expect(res.statusCode).toBe(200);
    expect((await call(a, 'GET', '/api/user/me')).statusCode).toBe(401);
    expect((await call(b, 'GET', '/api/user/me')).statusCode).toBe(401);
    await login('publisher.user@demo.fieldbot.test', 'Zq7!mWv2@pLy');
  });

  it('resets a forgotten password through the mailed link', async () => {
    const jar = await freshJar();
    const forgot = await call(jar, 'POST', '/api/user/forgot-password', {
      email: 'admin@globex.fieldbot.test',
    });
    const unknown = await call(jar, 'POST', '/api/user/forgot-password', {
      email: 'x@nowhere.test',
    });
    expect(forgot.json()).toEqual(unknown.json());
    const mail = await waitForMail('admin@globex.fieldbot.test');
    const token = /\/reset-password\/([\w-]+)/.exec(mail.text)![1]!;
    const res = await call(jar, 'POST', '/api/user/reset-password', {
      token,
      password: 'Zq7!mWv2@pLz',
      password_confirmation: 'Zq7!mWv2@pLz',
    });
    expect(res.statusCode).toBe(200);
    await login('admin@globex.fieldbot.test', 'Zq7!mWv2@pLz');
  });
});

describe('profile and uploads', () => {
  it('uploads a photo through the signed URL and sets it as the profile image', async () => {
    const jar = await login('newadmin@demo.fieldbot.test');
    const presign = await call(jar, 'POST', '/api/data/pre-signed-url', {
      file_name: 'me.png',
      folder: 'profile',
    });
    expect(presign.statusCode).toBe(200);
    const { upload_url, file_url } = presign.json().data as {
      upload_url: string;
      file_url: string;
    };
    const target = new URL(upload_url, 'http://localhost');
    // A 1×1 PNG: the stored type is read from the bytes.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const put = await server.app.inject({
      method: 'PUT',
      url: target.pathname + target.search,
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    expect(put.statusCode).toBe(200);
    const tampered = await server.app.inject({
      method: 'PUT',
      // A different first character (a fixed one would leave 1 signature in 16 unchanged).
      url:
        target.pathname +
        target.search.replace(
          /signature=(.)/,
          (_, c: string) => `signature=${c === '0' ? '1' : '0'}`,
        ),
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    expect(tampered.statusCode).toBe(403);
    const file = await server.app.inject({ method: 'GET', url: file_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);

    const foreign = await call(jar, 'POST', '/api/user/update-profile', {
      image: 'https://evil.example/x.png',
    });
    expect(foreign.statusCode).toBe(422);
    const res = await call(jar, 'POST', '/api/user/update-profile', {
      image: file_url,
      display_mode: 'dark',
      phone: '5551234567',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'User profile updated successfully',
      data: { image: file_url, display_mode: 'dark', phone: '5551234567' },
    });
  });

  it('locks name and phone of a CRM-linked user', async () => {
    const jar = await login('tech@demo.fieldbot.test');
    const res = await call(jar, 'POST', '/api/user/update-profile', { name: 'Someone Else' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['name']);
  });
});

describe('routing', () => {
  it('answers unknown /api paths with 404 JSON and option lists for logged-in users', async () => {
    const jar = await login('admin@demo.fieldbot.test');
    expect((await call(jar, 'GET', '/api/does-not-exist')).json()).toEqual({
      message: 'Not found.',
    });
    const data = await call(jar, 'GET', '/api/data?items=timezones,trades');
    expect(data.statusCode).toBe(200);
    expect(data.json().data.timezones[0]).toEqual({ id: 1, name: 'Eastern Time (US & Canada)' });
    expect((await call(jar, 'GET', '/api/data?items=secrets')).statusCode).toBe(422);
    const publisher = await call(new Map(), 'GET', '/api/publisher-name/NWBOTS01');
    expect(publisher.json()).toEqual({ data: { name: 'Northwind Bots' } });
  });
});
