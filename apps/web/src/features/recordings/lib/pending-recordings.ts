import {
  createStore,
  del,
  delMany,
  get,
  getMany,
  keys,
  set,
  values,
  type UseStore,
} from 'idb-keyval';
import type { RecordingConsentInput } from '@fieldbot/shared';
import type { RecorderFormat } from './recorder-format';

/**
 * A browser recording not yet saved as an interaction. Its audio is kept on the device (IndexedDB)
 * chunk by chunk until the server has acknowledged each chunk, so a dropped connection, a closed tab
 * or a reload loses nothing; it is deleted once POST /api/company/recordings has succeeded or the
 * user discards it.
 */
export interface PendingRecording {
  id: string;
  /** Only the user who recorded it is offered to finish it: the chunks are theirs on the server. */
  userId: string;
  customerId: string;
  jobId: string | null;
  startedAt: string;
  format: RecorderFormat;
  /**
   * The consent taken when it started, sent with it. Missing on recordings kept by an older
   * version of the app: the server then asks for it as the company's method says.
   */
  consent?: RecordingConsentInput;
}

/** One chunk: its audio until the server acknowledges it, then only its file_url. */
export interface StoredChunk {
  blob: Blob | null;
  fileUrl: string | null;
}

type ChunkKey = [recordingId: string, position: number];

interface Stores {
  recordings: UseStore;
  chunks: UseStore;
}

let stores: Stores | null | undefined;

/** Opened on first use; null where the browser offers no IndexedDB (then nothing is kept). */
function openStores(): Stores | null {
  if (stores !== undefined) return stores;
  try {
    stores =
      typeof indexedDB === 'undefined'
        ? null
        : {
            // Two databases: idb-keyval keeps one object store per database.
            recordings: createStore('fieldbot-recordings', 'recordings'),
            chunks: createStore('fieldbot-recording-chunks', 'chunks'),
          };
  } catch {
    stores = null;
  }
  return stores;
}

/**
 * Device storage is a safety net, never a reason for the recording to fail: a refused write (private
 * mode, a full disk) leaves the recording to the upload queue alone.
 */
async function attempt<T>(work: (s: Stores) => Promise<T>, fallback: T): Promise<T> {
  const s = openStores();
  if (!s) return fallback;
  try {
    return await work(s);
  } catch {
    storageFailed = true;
    return fallback;
  }
}

let storageFailed = false;

/** Whether what is recorded is really kept on this device (what the recorder may promise). */
export function keepsRecordingsOnDevice(): boolean {
  return openStores() !== null && !storageFailed;
}

export function savePendingRecording(recording: PendingRecording): Promise<void> {
  return attempt((s) => set(recording.id, recording, s.recordings), undefined);
}

export function saveChunk(recordingId: string, position: number, chunk: StoredChunk) {
  const key: ChunkKey = [recordingId, position];
  return attempt((s) => set(key, chunk, s.chunks), undefined);
}

export function getPendingRecording(id: string): Promise<PendingRecording | undefined> {
  return attempt((s) => get<PendingRecording>(id, s.recordings), undefined);
}

/** The user's unsaved recordings of a customer that no open dialog is handling, oldest first. */
export async function listPendingRecordings(
  userId: string,
  customerId: string,
): Promise<PendingRecording[]> {
  const all = await attempt((s) => values<PendingRecording>(s.recordings), []);
  return all
    .filter((r) => r.userId === userId && r.customerId === customerId && !held.has(r.id))
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

async function chunkKeys(s: Stores, recordingId: string): Promise<ChunkKey[]> {
  const all = await keys<IDBValidKey>(s.chunks);
  return all.filter((key): key is ChunkKey => Array.isArray(key) && key[0] === recordingId);
}

/** The recording's chunks in recording order. */
export function loadChunks(recordingId: string): Promise<StoredChunk[]> {
  return attempt(async (s) => {
    const found = (await chunkKeys(s, recordingId)).sort((a, b) => a[1] - b[1]);
    const chunks = await getMany<StoredChunk>(found, s.chunks);
    return chunks.filter((chunk): chunk is StoredChunk => chunk !== undefined);
  }, []);
}

export function deletePendingRecording(recordingId: string): Promise<void> {
  return attempt(async (s) => {
    await delMany(await chunkKeys(s, recordingId), s.chunks);
    await del(recordingId, s.recordings);
  }, undefined);
}

/** Recordings this tab is handling right now: not offered as pending beside themselves. */
const held = new Set<string>();

export function holdPendingRecording(id: string): void {
  held.add(id);
}

export function releasePendingRecording(id: string): void {
  held.delete(id);
}
