import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks the OpenAI transcription API (POST /v1/audio/transcriptions,
 * multipart, response_format verbose_json), scripted per request so tests can play the service's
 * failures: timeouts, 429, 500, malformed JSON. It also serves plain files under /files/ (CRM call
 * recordings for call download).
 */
export type FakeSttReply =
  | { kind: 'ok'; segments?: FakeSegment[] }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'malformed' }
  /** Never answers (until the server closes): a timeout, or a worker held mid-job. */
  | { kind: 'hang' };

export interface FakeSegment {
  start: number;
  end: number;
  text: string;
  speaker?: string;
}

export interface FakeSttRequest {
  authorization: string | undefined;
  model: string | null;
  responseFormat: string | null;
  granularities: string[];
  fileName: string | null;
  fileType: string | null;
  fileBytes: number;
  /** The `prompt` field (the company vocabulary), undefined when none was sent. */
  prompt?: string;
  reply: FakeSttReply['kind'];
}

/** What the fake service hears in every piece of audio: two segments, the second with a speaker. */
export const FAKE_SEGMENTS: FakeSegment[] = [
  { start: 0, end: 1.4, text: ' Hi, this is Sam from Acme Home Services.' },
  { start: 1.4, end: 2.9, text: ' The compressor makes a rattling noise.' },
];

export interface FakeSttServer {
  /** The API root as STT_BASE_URL takes it (ends with /v1). */
  baseUrl: string;
  /** The server's origin, for /files/<name>. */
  origin: string;
  requests: FakeSttRequest[];
  /** Replies for the next requests, in order; afterwards `fallback` answers. */
  script(...replies: FakeSttReply[]): void;
  fallback: FakeSttReply;
  /** Resolves when the n-th transcription request (1-based) has arrived. */
  waitForRequest(n: number, timeoutMs?: number): Promise<void>;
  serveFile(name: string, body: Buffer, contentType: string): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export async function startFakeSttServer(): Promise<FakeSttServer> {
  const queue: FakeSttReply[] = [];
  const requests: FakeSttRequest[] = [];
  const files = new Map<string, { body: Buffer; contentType: string }>();
  const waiters: { n: number; resolve: () => void }[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname.startsWith('/files/')) {
      const file = files.get(url.pathname.slice('/files/'.length));
      if (!file) return res.writeHead(404).end('not found');
      return res.writeHead(200, { 'content-type': file.contentType }).end(file.body);
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/audio/transcriptions') {
      return res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"message":"no route"}}');
    }
    const raw = await readBody(req);
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': String(req.headers['content-type']) },
      body: raw,
    }).formData();
    const file = form.get('file');
    const reply = queue.shift() ?? server.fallback;
    requests.push({
      authorization: req.headers.authorization,
      model: form.get('model') as string | null,
      responseFormat: form.get('response_format') as string | null,
      granularities: form.getAll('timestamp_granularities[]').map(String),
      fileName: file instanceof File ? file.name : null,
      fileType: file instanceof File ? file.type : null,
      fileBytes: file instanceof File ? file.size : 0,
      ...(form.has('prompt') ? { prompt: String(form.get('prompt')) } : {}),
      reply: reply.kind,
    });
    for (const waiter of waiters.filter((w) => requests.length >= w.n)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    switch (reply.kind) {
      case 'hang':
        return;
      case 'malformed':
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"text": "Hi, this is');
      case 'status':
        return res
          .writeHead(reply.status, { 'content-type': 'application/json' })
          .end(reply.body ?? JSON.stringify({ error: { message: `status ${reply.status}` } }));
      case 'ok': {
        const segments = reply.segments ?? FAKE_SEGMENTS;
        return res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            task: 'transcribe',
            language: 'english',
            duration: segments.at(-1)?.end ?? 0,
            text: segments.map((s) => s.text).join(''),
            segments: segments.map((s, id) => ({ id, seek: 0, tokens: [], ...s })),
          }),
        );
      }
    }
  };

  const http = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const server: FakeSttServer = {
    baseUrl: `${origin}/v1`,
    origin,
    requests,
    fallback: { kind: 'ok' },
    script: (...replies) => {
      queue.push(...replies);
    },
    waitForRequest: (n, timeoutMs = 60_000) =>
      new Promise<void>((resolve, reject) => {
        if (requests.length >= n) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`the fake STT server got ${requests.length} of ${n} requests`)),
          timeoutMs,
        );
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      }),
    serveFile: (name, body, contentType) => {
      files.set(name, { body, contentType });
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
  return server;
}
