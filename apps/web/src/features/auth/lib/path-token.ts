import { normalizePath } from '@fieldbot/shared';

/** The single segment after a prefix: pathToken('/verify/abc', '/verify') → 'abc'; else null. */
export function pathToken(pathname: string, prefix: string): string | null {
  const path = normalizePath(pathname);
  if (!path.startsWith(`${prefix}/`)) return null;
  const rest = path.slice(prefix.length + 1);
  if (!rest || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}
