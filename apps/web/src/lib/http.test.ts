import { MESSAGES, STORAGE_KEYS, messageResponseSchema } from '@fieldbot/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { makeUser } from '@fieldbot/shared/testing';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { loadPage } from './browser';
import { ApiError, http } from './http';

/** The error paths do not depend on the answer's shape. */
const anything = z.unknown();
import { getSessionFlags, resetSessionFlags } from './session-flags';
import { getStoredUser, storeUser } from './storage';

vi.mock('./browser', () => ({ loadPage: vi.fn() }));

function setXsrfCookie(value: string) {
  document.cookie = `XSRF-TOKEN=${encodeURIComponent(value)}; path=/`;
}

beforeEach(() => {
  resetSessionFlags();
  vi.mocked(loadPage).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('http client: CSRF', () => {
  it('fetches /api/csrf-cookie before a POST when the XSRF-TOKEN cookie is missing', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/csrf-cookie') {
        setXsrfCookie('token/with+chars=');
        return new Response(null, { status: 204 });
      }
      return jsonResponse(200, { message: 'ok' });
    });

    await http.post('/api/user/forgot-password', { email: 'a@b.co' }, anything);

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/csrf-cookie',
      'POST /api/user/forgot-password',
    ]);
    // The cookie value is URL-decoded before it is sent back.
    expect(calls[1]?.headers['x-xsrf-token']).toBe('token/with+chars=');
    expect(calls[1]?.body).toEqual({ email: 'a@b.co' });
  });

  it('sends the current cookie without prefetching when it exists, and credentials always', async () => {
    setXsrfCookie('abc');
    const { calls, fn } = mockFetch(() => jsonResponse(200, { message: 'ok' }));

    await http.post('/api/user/logout', { device_uuid: 'd' }, anything);

    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['x-xsrf-token']).toBe('abc');
    expect(fn.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('does not fetch the CSRF cookie for a GET', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { data: 1 }));
    await expect(http.get('/api/user/me', anything)).resolves.toEqual({ data: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/api/user/me']);
  });

  it('on 419 clears the XSRF cookie and stored user, refetches the cookie and retries once', async () => {
    setXsrfCookie('stale');
    storeUser(makeUser('company_admin'));
    let attempts = 0;
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/csrf-cookie') {
        setXsrfCookie('fresh');
        return new Response(null, { status: 204 });
      }
      attempts += 1;
      return attempts === 1
        ? jsonResponse(419, { message: 'CSRF token mismatch.' })
        : jsonResponse(200, { message: 'saved' });
    });

    await expect(http.post('/api/user/update-profile', { name: 'X' }, anything)).resolves.toEqual({
      message: 'saved',
    });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/user/update-profile',
      '/api/csrf-cookie',
      '/api/user/update-profile',
    ]);
    expect(calls[0]?.headers['x-xsrf-token']).toBe('stale');
    expect(calls[2]?.headers['x-xsrf-token']).toBe('fresh');
    expect(getStoredUser()).toBeNull();
  });

  it('fails after the single 419 retry', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/csrf-cookie') {
        setXsrfCookie('t');
        return new Response(null, { status: 204 });
      }
      return jsonResponse(419, { message: 'CSRF token mismatch.' });
    });

    const error = await http.post('/api/user/login', {}, anything).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(419);
    expect(calls.filter((c) => c.url === '/api/user/login')).toHaveLength(2);
  });
});

describe('http client: error statuses (spec §8)', () => {
  it('a 401 for a logged-in user sets the session-expired flag', async () => {
    storeUser(makeUser('manager'));
    mockFetch(() => jsonResponse(401, { message: 'Unauthenticated.' }));

    await expect(http.get('/api/user/me', anything)).rejects.toMatchObject({ status: 401 });
    expect(getSessionFlags()).toMatchObject({ sessionExpired: true, paymentDue: false });
  });

  it('a 401 for a logged-out visitor leaves the flags alone', async () => {
    mockFetch(() => jsonResponse(401, { message: 'Unauthenticated.' }));
    await expect(http.get('/api/user/me', anything)).rejects.toMatchObject({ status: 401 });
    expect(getSessionFlags().sessionExpired).toBe(false);
  });

  it('a company-side 401 with is_payment_due 1 marks payment due and stores the message', async () => {
    storeUser(makeUser('company_admin'));
    const message = 'Your company has a payment due.';
    mockFetch(() => jsonResponse(401, { message, is_payment_due: 1 }));

    await expect(http.get('/api/company/invoices', anything)).rejects.toMatchObject({
      status: 401,
    });
    expect(getSessionFlags()).toMatchObject({ sessionExpired: false, paymentDue: true });
    expect(window.localStorage.getItem(STORAGE_KEYS.paymentError)).toBe(message);
    expect(getStoredUser()?.company?.is_payment_due).toBe(true);
  });

  it('a publisher-side 401 with is_payment_due is a session expiry', async () => {
    storeUser(makeUser('publisher_admin'));
    mockFetch(() => jsonResponse(401, { message: 'x', is_payment_due: 1 }));
    await expect(http.get('/api/anything', anything)).rejects.toMatchObject({ status: 401 });
    expect(getSessionFlags()).toMatchObject({ sessionExpired: true, paymentDue: false });
    expect(window.localStorage.getItem(STORAGE_KEYS.paymentError)).toBeNull();
  });

  it('a 403 sets the not-enough-permission state', async () => {
    mockFetch(() => jsonResponse(403, { message: 'This action is unauthorized.' }));
    await expect(http.get('/api/company/team/1', anything)).rejects.toMatchObject({
      status: 403,
      message: 'This action is unauthorized.',
    });
    expect(getSessionFlags().noPermission).toBe(true);
  });

  it('a 404 for a publisher user loads /404 as a full page', async () => {
    storeUser(makeUser('publisher_user'));
    mockFetch(() => jsonResponse(404, { message: 'Not found.' }));
    await expect(http.get('/api/bot/1', anything)).rejects.toMatchObject({ status: 404 });
    expect(loadPage).toHaveBeenCalledWith('/404');
  });

  it('a 404 for a company user is only an error', async () => {
    storeUser(makeUser('company_admin'));
    mockFetch(() => jsonResponse(404, { message: 'Not found.' }));
    await expect(http.get('/api/company/customer/1', anything)).rejects.toMatchObject({
      status: 404,
      message: 'Not found.',
    });
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('maps a 422 body to message and field errors', async () => {
    setXsrfCookie('t');
    const body = { message: 'Required', errors: { email: ['Required'] } };
    mockFetch(() => jsonResponse(422, body));
    const error = (await http
      .post('/api/user/login', {}, anything)
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Required');
    expect(error.errors).toEqual({ email: ['Required'] });
    expect(error.fieldError('email')).toBe('Required');
    expect(error.body).toEqual(body);
  });

  it('reads a malformed error body as no message and no field errors, keeping the raw body', async () => {
    setXsrfCookie('t');
    const body = { message: 'Required', errors: { email: 'Required' } };
    mockFetch(() => jsonResponse(422, body));
    const error = (await http
      .post('/api/user/login', {}, anything)
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe(MESSAGES.somethingWentWrong);
    expect(error.errors).toEqual({});
    expect(error.fieldError('email')).toBeUndefined();
    expect(error.body).toEqual(body);
  });

  it('does not take a malformed 401 body for payment due', async () => {
    storeUser(makeUser('company_admin'));
    mockFetch(() => jsonResponse(401, { message: ['Payment due'], is_payment_due: 1 }));
    await expect(http.get('/api/company/invoices', anything)).rejects.toMatchObject({
      status: 401,
      message: MESSAGES.somethingWentWrong,
    });
    expect(getSessionFlags()).toMatchObject({ sessionExpired: true, paymentDue: false });
    expect(window.localStorage.getItem(STORAGE_KEYS.paymentError)).toBeNull();
    expect(getStoredUser()?.company?.is_payment_due).toBe(false);
  });

  it('uses the default message when the server sends none', async () => {
    mockFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(http.get('/api/x', anything)).rejects.toMatchObject({
      status: 502,
      message: MESSAGES.somethingWentWrong,
    });
  });

  it('times out after 30 s with the spec timeout text', async () => {
    vi.useFakeTimers();
    mockFetch(
      ({ signal }) =>
        new Promise<Response>((_resolve, reject) => {
          // Rejects like fetch does when its signal aborts.
          signal?.addEventListener('abort', () =>
            reject(new DOMException('Aborted', 'AbortError')),
          );
        }),
    );
    const pending = http.get('/api/slow', anything).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(MESSAGES.requestTimeout);
  });
});

describe('http client: answers are parsed with the contract', () => {
  it('resolves with the parsed answer (unknown keys dropped)', async () => {
    mockFetch(() => jsonResponse(200, { message: 'Done', extra: 1 }));
    await expect(http.get('/api/x', messageResponseSchema)).resolves.toEqual({ message: 'Done' });
  });

  it('rejects an answer outside the contract with the default text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => jsonResponse(200, { data: { name: 7 } }));
    await expect(http.get('/api/x', messageResponseSchema)).rejects.toMatchObject({
      status: 200,
      message: MESSAGES.somethingWentWrong,
    });
  });
});
