/**
 * App-wide session flags set by the HTTP client (spec §4, §8). A tiny external store so that
 * http.ts stays free of React; components read it through useSessionFlags().
 */
export interface SessionFlags {
  /** A 401 for a logged-in user: the Session Expired modal is open. */
  sessionExpired: boolean;
  /** A 403: the not-enough-permission state. */
  noPermission: boolean;
  /** A company-side 401 with is_payment_due === 1. */
  paymentDue: boolean;
  /** The user just logged out (or chose to log in again): the next login starts fresh, no redirectTo. */
  signedOut: boolean;
}

const initialFlags: SessionFlags = {
  sessionExpired: false,
  noPermission: false,
  paymentDue: false,
  signedOut: false,
};

let flags: SessionFlags = initialFlags;
const listeners = new Set<() => void>();

export function getSessionFlags(): SessionFlags {
  return flags;
}

export function setSessionFlags(patch: Partial<SessionFlags>): void {
  const next = { ...flags, ...patch };
  const keys = Object.keys(next) as (keyof SessionFlags)[];
  if (keys.every((key) => next[key] === flags[key])) return;
  flags = next;
  for (const listener of listeners) listener();
}

export function resetSessionFlags(): void {
  setSessionFlags(initialFlags);
}

export function subscribeSessionFlags(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
