import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_MESSAGES } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import {
  EMPTY_ALLOW_LIST,
  createWebhookAddressGuard,
  isPublicAddress,
  parseWebhookAllowList,
  type Resolver,
} from '../src/modules/webhooks/webhook-address';
import { createWebhookTransport } from '../src/modules/webhooks/webhook-transport';

/** The SSRF guard of webhook URLs, with an injected resolver (no real DNS). */
const fakeDns: Record<string, string[]> = {
  'internal.example.com': ['10.0.0.5'],
  'metadata.example.com': ['169.254.169.254'],
  'mixed.example.com': ['93.184.216.34', '127.0.0.1'],
  'public.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'receiver.test': ['127.0.0.1'],
};
const resolve: Resolver = async (host) => {
  const answer = fakeDns[host];
  if (!answer) throw new Error('ENOTFOUND');
  return answer;
};

const refusal = async (guard: ReturnType<typeof createWebhookAddressGuard>, url: string) => {
  try {
    await guard.check(url);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    'ff02::1',
  ])('%s is not public', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );
});

describe('the address guard', () => {
  const guard = createWebhookAddressGuard({ allowList: EMPTY_ALLOW_LIST, resolve });

  it('refuses host names that resolve to private, link-local or loopback addresses', async () => {
    expect(await refusal(guard, 'https://internal.example.com/hook')).toBe(
      WEBHOOK_MESSAGES.urlRefused,
    );
    expect(await refusal(guard, 'https://metadata.example.com/')).toBe(WEBHOOK_MESSAGES.urlRefused);
    // One private answer among public ones is enough: the connection could use any of them.
    expect(await refusal(guard, 'https://mixed.example.com/')).toBe(WEBHOOK_MESSAGES.urlRefused);
    expect(await refusal(guard, 'https://receiver.test/')).toBe(WEBHOOK_MESSAGES.urlRefused);
  });

  it('refuses literal private addresses without resolving anything', async () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://10.0.0.1/',
      'https://169.254.169.254/',
      'https://[::1]/',
      'https://[::ffff:7f00:1]/',
      'https://2130706433/', // 127.0.0.1 written as one number
    ]) {
      expect(await refusal(guard, url), url).toBe(WEBHOOK_MESSAGES.urlRefused);
    }
  });

  it('accepts public https hosts, requires https for them, and says when a name does not resolve', async () => {
    await expect(guard.check('https://public.example.com/hook')).resolves.toMatchObject({
      addresses: fakeDns['public.example.com'],
    });
    expect(await refusal(guard, 'http://public.example.com/hook')).toBe(
      WEBHOOK_MESSAGES.urlHttpsRequired,
    );
    expect(await refusal(guard, 'https://nowhere.example.com/')).toBe(
      WEBHOOK_MESSAGES.urlUnresolvable,
    );
  });

  it('accepts allow-listed hosts and ranges, over http too', async () => {
    const allowed = createWebhookAddressGuard({
      allowList: parseWebhookAllowList(['receiver.test', '10.0.0.0/8', '::1']),
      resolve,
    });
    await expect(allowed.check('http://receiver.test:8080/')).resolves.toBeDefined();
    await expect(allowed.check('http://internal.example.com/')).resolves.toBeDefined();
    await expect(allowed.check('http://[::1]:9000/')).resolves.toBeDefined();
    expect(await refusal(allowed, 'http://metadata.example.com/')).toBe(
      WEBHOOK_MESSAGES.urlRefused,
    );
  });
});

describe('WEBHOOK_ALLOWED_HOSTS', () => {
  it('parses host names, addresses and CIDR ranges', () => {
    const list = parseWebhookAllowList([' Localhost ', '127.0.0.1', 'fd00::/8', '']);
    expect([...list.hosts]).toEqual(['localhost']);
    expect(list.ranges).toHaveLength(2);
  });

  it('is refused at start-up with the bad entry named', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1, not a host' }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', WEBHOOK_ALLOWED_HOSTS: '10.0.0.0/99' })).toThrow(
      /WEBHOOK_ALLOWED_HOSTS: "10.0.0.0\/99" is not a valid CIDR range/,
    );
  });
});

describe('the transport', () => {
  it('connects to the address it checked, not to a second DNS answer', async () => {
    const server = createServer((req, res) => {
      res.statusCode = 204;
      res.end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const port = (server.address() as AddressInfo).port;
      const transport = createWebhookTransport({
        guard: createWebhookAddressGuard({
          allowList: parseWebhookAllowList(['127.0.0.1']),
          resolve,
        }),
        userAgent: 'test',
      });
      // receiver.test exists only in the injected resolver: reaching the server proves the
      // connection used the checked address.
      await expect(
        transport({ url: `http://receiver.test:${port}/`, headers: {}, body: '{}' }),
      ).resolves.toEqual({ ok: true, status: 204 });
      // A refused URL never opens a connection; its reason is what the log shows.
      await expect(
        transport({ url: 'https://internal.example.com/', headers: {}, body: '{}' }),
      ).resolves.toEqual({ ok: false, status: null, error: WEBHOOK_MESSAGES.urlRefused });
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it('gives up after the timeout and logs why', async () => {
    const server = createServer(() => undefined); // never answers
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const port = (server.address() as AddressInfo).port;
      const transport = createWebhookTransport({
        guard: createWebhookAddressGuard({ allowList: parseWebhookAllowList(['127.0.0.1']) }),
        userAgent: 'test',
        timeoutMs: 200,
      });
      await expect(
        transport({ url: `http://127.0.0.1:${port}/`, headers: {}, body: '{}' }),
      ).resolves.toEqual({ ok: false, status: null, error: 'No answer within 0.2 s' });
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });
});
