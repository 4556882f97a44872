import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { interactionAudioPath } from '@fieldbot/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/demo';
import { useInteractionFixtures } from './support/interaction-fixtures';
import { signedInClients, useTestApp } from './support/test-app';

/** A tiny stand-in for the web build: what `vite build` writes, precompressed copies included. */
const webDist = mkdtempSync(path.join(tmpdir(), 'fieldbot-web-dist-'));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const LOGIN_HTML = `<!doctype html><html><head><script type="module" src="/assets/login-Mn34Op56.js"></script></head><body><div id="root"></div>${'<!-- login -->'.repeat(100)}</body></html>`;
const ENTRY_JS = `console.log(${JSON.stringify('fieldbot '.repeat(400))});`;
/** The build's page table (ADR 013) names pages the other tests here do not open. */
const ROUTE_PRELOADS = {
  pages: [
    {
      pattern: '/interaction/:interactionId/:interactionType',
      scripts: ['/assets/app-shell-Ef56Gh78.js'],
      styles: ['/assets/app-shell-Ij90Kl12.css'],
      reads: ['/api/company/interaction/:interactionId/:interactionType'],
    },
    {
      pattern: '/customers/:customerId/interaction/:interactionId/:interactionType',
      scripts: ['/assets/app-shell-Ef56Gh78.js'],
      styles: ['/assets/app-shell-Ij90Kl12.css'],
      reads: [],
      bootShell: '<div class="outline"><h1>Interaction Detail</h1></div>',
    },
  ],
};
const files: Record<string, string> = {
  'index.html': INDEX_HTML,
  'login.html': LOGIN_HTML,
  'route-preloads.json': JSON.stringify(ROUTE_PRELOADS),
  'assets/index-Ab12Cd34.js': ENTRY_JS,
  'assets/index-Ab12Cd34.js.map': JSON.stringify({ version: 3, sources: ['src/secret.ts'] }),
};
mkdirSync(path.join(webDist, 'assets'));
for (const [name, content] of Object.entries(files)) {
  writeFileSync(path.join(webDist, name), content);
  if (!name.endsWith('.map')) {
    writeFileSync(path.join(webDist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(webDist, `${name}.gz`), gzipSync(content));
  }
}

const t = useTestApp({ env: { WEB_DIST: webDist } });
const fx = useInteractionFixtures(t);
const as = signedInClients(t);

async function request(
  method: 'GET' | 'HEAD',
  url: string,
  headers: Record<string, string> = {},
  cookies: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, headers, cookies });
}

/** The body as the client would read it after undoing Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

describe('HEAD answers like GET without a body', () => {
  it.each([
    ['/login', LOGIN_HTML],
    ['/customers', INDEX_HTML],
    ['/', INDEX_HTML],
  ])('on the page %s', async (page, html) => {
    const get = await request('GET', page);
    const head = await request('HEAD', page);
    expect(get.statusCode).toBe(200);
    expect(get.body).toBe(html);
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const header of ['content-type', 'cache-control', 'content-length']) {
      expect(head.headers[header], header).toBe(get.headers[header]);
    }
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it('on /api/health and on a logged-in /api GET route', async () => {
    const health = await request('GET', '/api/health');
    const healthHead = await request('HEAD', '/api/health');
    expect(healthHead.statusCode).toBe(health.statusCode);
    expect(healthHead.headers['content-type']).toBe(health.headers['content-type']);
    expect(healthHead.rawPayload.length).toBe(0);

    const admin = await as(DEMO.admin.email);
    const cookies = Object.fromEntries(admin.jar);
    const me = await request('GET', '/api/user/me', {}, cookies);
    const meHead = await request('HEAD', '/api/user/me', {}, cookies);
    expect(me.statusCode).toBe(200);
    expect(me.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(me.json()).toMatchObject({ data: { email: DEMO.admin.email } });
    expect(meHead.statusCode).toBe(200);
    expect(meHead.headers['content-type']).toBe(me.headers['content-type']);
    expect(meHead.rawPayload.length).toBe(0);
    // The guard applies to HEAD as to GET.
    expect((await request('HEAD', '/api/user/me')).statusCode).toBe(401);
  });

  it('answers 404 for an unknown /api path and a missing file', async () => {
    expect((await request('HEAD', '/api/nothing-here')).statusCode).toBe(404);
    expect((await request('HEAD', '/assets/missing-00000000.js')).statusCode).toBe(404);
  });
});

describe('the login page has its own document', () => {
  it.each([
    '/login',
    '/login/',
    '/login?redirectTo=%2Fcustomers',
    '/login/some-invitation-token',
    '/login/some-invitation-token?referer=%2Fpublic%2Fmarketplace%2FNWBOTS01-Northwind',
  ])('%s gets login.html, uncached', async (page) => {
    const res = await request('GET', page, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res)).toBe(LOGIN_HTML);
  });

  it.each(['/login/a/b', '/logins', '/signup', '/customers/login'])(
    '%s gets the app (index.html)',
    async (page) => {
      const res = await request('GET', page);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
    },
  );
});

describe('compression and caching of the web app', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])('sends the precompressed entry script for Accept-Encoding %s', async (accept, expected) => {
    const res = await request('GET', '/assets/index-Ab12Cd34.js', { 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(decoded(res)).toBe(ENTRY_JS);
    expect(res.rawPayload.length).toBeLessThan(ENTRY_JS.length / 4);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await request('GET', '/assets/index-Ab12Cd34.js', {
      'accept-encoding': 'identity',
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(ENTRY_JS);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('compresses index.html, also as the SPA fallback, and never caches it', async () => {
    for (const page of ['/', '/index.html', '/customers/123']) {
      const res = await request('GET', page, { 'accept-encoding': 'br' });
      expect(res.statusCode, page).toBe(200);
      expect(res.headers['content-encoding'], page).toBe('br');
      expect(res.headers['cache-control'], page).toBe('no-cache');
      expect(decoded(res)).toBe(INDEX_HTML);
    }
  });

  it('does not serve source maps', async () => {
    const res = await request('GET', '/assets/index-Ab12Cd34.js.map');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.ts');
  });
});

describe("a page's preloads in its HTML (ADR 013)", () => {
  const page = '/interaction/0b0c1d2e-0000-4000-8000-000000000001/field-recording';
  const read = '/api/company/interaction/0b0c1d2e-0000-4000-8000-000000000001/field-recording';
  const style = '<link rel="preload" as="style" crossorigin href="/assets/app-shell-Ij90Kl12.css">';
  const script = '<link rel="modulepreload" crossorigin href="/assets/app-shell-Ef56Gh78.js">';
  const shell = style + script;

  it("adds the page's chunks and stylesheets before </head>, and its API read with a session", async () => {
    const anonymous = await request('GET', page);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toBe(INDEX_HTML.replace('</head>', `${shell}</head>`));

    const admin = await as(DEMO.admin.email);
    const res = await request('GET', page, {}, Object.fromEntries(admin.jar));
    expect(res.body).toBe(
      INDEX_HTML.replace(
        '</head>',
        `${style}<link rel="preload" as="fetch" crossorigin="use-credentials" href="${read}">${script}</head>`,
      ),
    );
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
  });

  it('is compressed as the client accepts, and answers HEAD with the same headers', async () => {
    const br = await request('GET', page, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decoded(br)).toContain(shell);
    const get = await request('GET', page);
    const head = await request('HEAD', page);
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });
});

describe("a page's boot shell in its HTML (ADR 021)", () => {
  const page = '/customers/c1/interaction/0b0c1d2e-0000-4000-8000-000000000001/field-recording';
  const outline =
    '<div id="boot-shell" inert aria-hidden="true"><div class="outline"><h1>Interaction Detail</h1></div></div>';

  it('is sent with a session: the outline before #root, drawn with its stylesheets; the scripts wait in a template', async () => {
    const admin = await as(DEMO.admin.email);
    const res = await request('GET', page, {}, Object.fromEntries(admin.jar));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<body>${outline}<div id="root"></div>`);
    expect(res.body).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/app-shell-Ij90Kl12.css"></head>',
    );
    // Nothing in <head> fetches a script: the page's preloads and the entry are inert until the
    // inline script starts them after the first paint.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).not.toMatch(/modulepreload|<script type="module"/);
    expect(res.body).toContain(
      '<template id="deferred-scripts">' +
        '<link rel="modulepreload" crossorigin href="/assets/app-shell-Ef56Gh78.js">' +
        '<script type="module" src="/assets/index-Ab12Cd34.js"></script></template>',
    );
    expect(String(res.headers.vary)).toMatch(/cookie/i);
  });

  it('sets the colour scheme and starts the scripts with the only inline scripts, each allowed by the CSP', async () => {
    const admin = await as(DEMO.admin.email);
    const res = await request('GET', page, {}, Object.fromEntries(admin.jar));
    const inline = [...res.body.matchAll(/<script>(.*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(2);
    expect(inline[0]).toContain('data-mantine-color-scheme');
    expect(inline[1]).toContain('deferred-scripts');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    for (const script of inline) {
      const hash = createHash('sha256').update(script).digest('base64');
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
    }
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('is not sent without a session (the visitor is on the way to the login page)', async () => {
    const res = await request('GET', page);
    expect(res.body).not.toContain('boot-shell');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/app-shell-Ij90Kl12.css">',
    );
    expect(res.body).not.toContain('deferred-scripts');
    expect(res.body).toContain('<script type="module" src="/assets/index-Ab12Cd34.js">');
  });
});

describe('compression of API responses', () => {
  it('compresses JSON with br or gzip as the client accepts, and not otherwise', async () => {
    const admin = await as(DEMO.admin.email);
    const cookies = Object.fromEntries(admin.jar);
    const plain = await request('GET', '/api/user/me', {}, cookies);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await request('GET', '/api/user/me', { 'accept-encoding': encoding }, cookies);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse(decoded(res))).toEqual(JSON.parse(plain.body));
      expect(res.rawPayload.length).toBeLessThan(plain.body.length);
    }
  });

  it('never compresses audio, whole or a Range of it', async () => {
    const withAudio = fx.interactions.find((i) => i.audio)!;
    const client = await as(fx.accounts.admin);
    const url = interactionAudioPath(withAudio.id, withAudio.type);
    const cookies = Object.fromEntries(client.jar);
    const range = await request(
      'GET',
      url,
      { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' },
      cookies,
    );
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.rawPayload.equals(fx.audioBytes.subarray(0, 100))).toBe(true);
    const whole = await request('GET', url, { 'accept-encoding': 'br, gzip' }, cookies);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.equals(fx.audioBytes)).toBe(true);
  });
});
