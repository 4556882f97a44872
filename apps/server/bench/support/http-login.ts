import { CSRF_COOKIE, CSRF_HEADER } from '@fieldbot/shared';

function cookieJar(setCookies: string[], jar = new Map<string, string>()): Map<string, string> {
  for (const line of setCookies) {
    const [pair] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (!pair || eq < 0) continue;
    jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return jar;
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** Logs in over real HTTP as a browser would (CSRF cookie first); returns the session's Cookie header. */
export async function login(
  base: string,
  account: { email: string; password: string },
): Promise<string> {
  const csrf = await fetch(`${base}/api/csrf-cookie`);
  if (csrf.status !== 204) throw new Error(`GET /api/csrf-cookie answered ${csrf.status}`);
  const jar = cookieJar(csrf.headers.getSetCookie());
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [CSRF_HEADER]: decodeURIComponent(jar.get(CSRF_COOKIE) ?? ''),
      cookie: cookieHeader(jar),
    },
    body: JSON.stringify(account),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  cookieJar(res.headers.getSetCookie(), jar);
  return cookieHeader(jar);
}
