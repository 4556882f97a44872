import { safeRedirectPath } from '@fieldbot/shared';

/** Appends ?referer={path} when there is a same-site referer to keep (public marketplace links). */
export function withReferer(path: string, referer: string | null | undefined): string {
  const safe = safeRedirectPath(referer);
  return safe ? `${path}?referer=${encodeURIComponent(safe)}` : path;
}
