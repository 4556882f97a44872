import { STORAGE_KEYS, type User, userSchema } from '@fieldbot/shared';

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage can throw (private mode, quota); the app keeps working without it. */
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value only lives for this page view.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The user stored at log-in, or null. A value that is not a user of the contract (an older
 * release's shape, an edited or cut-off value) counts as no user and is removed.
 */
export function getStoredUser(): User | null {
  const raw = readStorage(STORAGE_KEYS.user);
  if (!raw) return null;
  const parsed = userSchema.safeParse(parseJson(raw));
  if (parsed.success) return parsed.data;
  clearStoredUser();
  return null;
}

export function storeUser(user: User): void {
  writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearStoredUser(): void {
  removeStorage(STORAGE_KEYS.user);
}

function randomUuid(): string {
  // crypto.randomUUID only exists in secure contexts; plain-http deployments fall back.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The browser's device id, created on first use and sent with logout. */
export function getDeviceId(): string {
  const existing = readStorage(STORAGE_KEYS.deviceId);
  if (existing) return existing;
  const id = randomUuid();
  writeStorage(STORAGE_KEYS.deviceId, id);
  return id;
}

export function clearDeviceId(): void {
  removeStorage(STORAGE_KEYS.deviceId);
}
