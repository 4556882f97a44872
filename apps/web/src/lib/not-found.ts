import { z } from 'zod';
import { isApiError } from './http';

/** Record ids in URLs are UUIDs: anything else names nothing and is not asked for. */
export function isRecordId(value: string | undefined): value is string {
  return z.uuid().safeParse(value).success;
}

/** The server's answer for an id that names nothing this user may see (422 for a malformed one). */
export function isNotFoundError(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 422);
}
