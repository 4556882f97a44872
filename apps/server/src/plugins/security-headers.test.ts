import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.js';

async function headersOf(options: Parameters<typeof registerSecurityHeaders>[1], url = '/x') {
  const app = Fastify();
  await registerSecurityHeaders(app, options);
  app.get('/x', async () => ({ ok: true }));
  const res = await app.inject({ url });
  await app.close();
  return res.headers;
}

describe('security headers', () => {
  it('sends the CSP and the other helmet headers on every response, 404s included', async () => {
    for (const url of ['/x', '/missing']) {
      const h = await headersOf(
        { https: false, extraImgSources: ['https://files.example.test'] },
        url,
      );
      expect(h['content-security-policy']).toContain("default-src 'self'");
      expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(h['content-security-policy']).toContain(
        "img-src 'self' data: blob: https://files.example.test",
      );
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['x-frame-options']).toBe('SAMEORIGIN');
      expect(h['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS and upgrade-insecure-requests only over https', async () => {
    const h = await headersOf({ https: true });
    expect(h['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(h['content-security-policy']).toContain('upgrade-insecure-requests');
    const api = await headersOf({ https: true }, '/api/anything');
    expect(api['strict-transport-security']).toBe(h['strict-transport-security']);
  });

  it('sends the REST set on /api answers: nothing may load, frame or sniff them', async () => {
    for (const url of ['/api/anything', '/api/missing?x=1']) {
      const h = await headersOf(
        { https: false, thirdParty: { scriptSrc: ['https://x.test'] } },
        url,
      );
      expect(h['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['x-frame-options']).toBe('DENY');
      expect(h['referrer-policy']).toBe('no-referrer');
      expect(h['cross-origin-resource-policy']).toBe('same-origin');
      expect(h['strict-transport-security']).toBeUndefined();
    }
  });
});
