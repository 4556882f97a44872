import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A ZIP written as it is read: each entry's bytes go through fflate's streaming Zip into a
 * PassThrough, and every write waits while the reader has not taken what came before, so the
 * archive is never held in memory, only the chunk being compressed.
 */
export interface ZipWriter {
  /** The archive's bytes, for the HTTP reply. */
  readonly stream: Readable;
  /** Adds a file from text chunks (deflated). */
  addText(name: string, chunks: AsyncIterable<string> | Iterable<string>): Promise<void>;
  /** Adds a file stored as it is (audio is compressed already). */
  addStream(name: string, body: AsyncIterable<Uint8Array>): Promise<void>;
  finish(): Promise<void>;
  /** Ends the archive with an error (the client sees a cut download, not a valid small file). */
  fail(error: Error): void;
}

export function createZipWriter(): ZipWriter {
  const out = new PassThrough();
  let failed: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  // A reader that stopped (the download was cancelled) stops the writer too.
  out.on('close', () => {
    if (!out.writableFinished) failed ??= new Error('export download closed');
  });
  const drained = async () => {
    if (failed) throw failed;
    if (out.writableNeedDrain) {
      await Promise.race([once(out, 'drain'), once(out, 'close')]);
      if (failed) throw failed;
    }
  };
  const encoder = new TextEncoder();

  return {
    stream: out,
    async addText(name, chunks) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      for await (const text of chunks) {
        if (text.length === 0) continue;
        entry.push(encoder.encode(text));
        await drained();
      }
      entry.push(new Uint8Array(0), true);
      await drained();
    },
    async addStream(name, body) {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      for await (const chunk of body) {
        entry.push(chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk));
        await drained();
      }
      entry.push(new Uint8Array(0), true);
      await drained();
    },
    async finish() {
      zip.end();
      await drained();
    },
    fail(error) {
      failed ??= error;
      zip.terminate();
      out.destroy(error);
    },
  };
}
