import { Readable } from 'node:stream';
import type { User } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/errors.js';
import {
  RangeNotSatisfiableError,
  type StorageProvider,
} from '../../providers/storage/storage-provider.js';
import { likePattern } from '../../lib/sql-like.js';
import type { InteractionsRepo } from './interactions.repo.js';
import {
  createInteractionsService,
  RANGE_NOT_SATISFIABLE,
  transcriptFileName,
  transcriptFileText,
} from './interactions.service.js';
import { viewerScope } from '../../lib/viewer-scope.js';

const user = (alias: string, companyId: string | null) =>
  ({
    id: 'u-1',
    role: { alias, title: alias },
    company: companyId ? { id: companyId } : null,
  }) as unknown as User;

describe('viewerScope', () => {
  it('limits everyone to their company and field technicians to themselves', () => {
    expect(viewerScope(user('company_admin', 'c-1'))).toEqual({
      companyId: 'c-1',
      technicianId: null,
    });
    expect(viewerScope(user('manager', 'c-1'))).toEqual({ companyId: 'c-1', technicianId: null });
    expect(viewerScope(user('field_team', 'c-1'))).toEqual({
      companyId: 'c-1',
      technicianId: 'u-1',
    });
  });

  it('finds nothing (404) for a user without a company', () => {
    expect(() => viewerScope(user('manager', null))).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });
});

describe('transcript download', () => {
  it('writes one "[time] Speaker: text" line per segment, hours past an hour', () => {
    expect(
      transcriptFileText(
        [
          { start: 0, end: 2, speaker: 'Speaker 1', text: 'Hi.' },
          { start: 75.9, end: 80, speaker: 'Speaker 2', text: 'Hello there.' },
          { start: 3725, end: 3730, speaker: 'Speaker 1', text: 'Bye.' },
        ],
        'ignored when there are segments',
      ),
    ).toBe('[00:00] Speaker 1: Hi.\n[01:15] Speaker 2: Hello there.\n[01:02:05] Speaker 1: Bye.\n');
  });

  it('falls back to the plain transcript without segments', () => {
    expect(transcriptFileText([], 'Just the text.')).toBe('Just the text.\n');
  });

  it('names the file after the interaction id, safe inside a quoted header', () => {
    expect(transcriptFileName('R-000123')).toBe('R-000123.txt');
    expect(transcriptFileName('CA1234.5_x')).toBe('CA1234.5_x.txt');
    expect(transcriptFileName('a"b\r\nc/d\\e')).toBe('a_b__c_d_e.txt');
    expect(transcriptFileName('..')).toBe('transcript.txt');
  });
});

describe('likePattern', () => {
  it('wraps the keyword for a substring match with LIKE wildcards escaped', () => {
    expect(likePattern('smith')).toBe('%smith%');
    expect(likePattern('100%_off')).toBe('%100\\%\\_off%');
    expect(likePattern('a\\b')).toBe('%a\\\\b%');
  });
});

describe('audio', () => {
  const asset = { storageKey: 'audio/c-1/i-1.mp3', contentType: 'audio/mpeg' };
  const repo = {
    audio: async (_scope: unknown, id: string) => (id === 'i-1' ? asset : null),
  } as unknown as InteractionsRepo;
  const storage = (get: StorageProvider['get']) => ({ get }) as unknown as StorageProvider;
  const viewer = user('company_admin', 'c-1');

  it('passes the range to storage and returns the object with the asset content type', async () => {
    const asked: unknown[] = [];
    const service = createInteractionsService({
      repo,
      storage: storage(async (key, range) => {
        asked.push([key, range]);
        return { body: Readable.from([]), contentType: 'x', size: 10, range: { start: 2, end: 9 } };
      }),
    });
    const out = await service.audio(viewer, 'i-1', 'field-recording', { start: 2 });
    expect(asked).toEqual([['audio/c-1/i-1.mp3', { start: 2 }]]);
    expect(out.contentType).toBe('audio/mpeg');
    expect(out.object.range).toEqual({ start: 2, end: 9 });
  });

  it('turns an unsatisfiable range into 416 with Content-Range bytes */size', async () => {
    const service = createInteractionsService({
      repo,
      storage: storage(async () => {
        throw new RangeNotSatisfiableError(1234);
      }),
    });
    const error = await service
      .audio(viewer, 'i-1', 'field-recording', { start: 5000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      status: 416,
      message: RANGE_NOT_SATISFIABLE,
      headers: { 'content-range': 'bytes */1234', 'accept-ranges': 'bytes' },
    });
  });

  it('answers 404 without an asset or without the stored file', async () => {
    const service = createInteractionsService({ repo, storage: storage(async () => null) });
    await expect(service.audio(viewer, 'i-2', 'field-recording', null)).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.audio(viewer, 'i-1', 'field-recording', null)).rejects.toMatchObject({
      status: 404,
    });
  });
});
