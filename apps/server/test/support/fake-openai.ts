import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks the OpenAI chat API (POST /v1/chat/completions), scripted per
 * request so tests can play the service's answers and failures: refusals, truncated answers, 429
 * with Retry-After, 500, hangs, bodies that are not JSON. It records every request it hears.
 */
export type FakeChatReply =
  /** A chat completion whose first choice carries `content` (or a refusal). */
  | {
      kind: 'answer';
      content: string | null;
      refusal?: string;
      finishReason?: string;
      /** null: the service reports no usage. */
      usage?: { prompt_tokens: number; completion_tokens: number } | null;
    }
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  /** HTTP 200 whose body is not a chat completion. */
  | { kind: 'malformed' }
  /** Never answers (until the server closes): a timeout. */
  | { kind: 'hang' };

export interface FakeChatRequest {
  /** Date.now() when the request arrived, to measure retry delays. */
  at: number;
  authorization: string | undefined;
  /** The parsed JSON body. */
  body: ChatRequestBody;
  reply: FakeChatReply['kind'];
}

/** The parts of a chat request tests assert on. */
export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format: {
    type: string;
    json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
  };
}

export interface FakeOpenAi {
  /** The API root as LLM_BASE_URL takes it (ends with /v1). */
  baseUrl: string;
  requests: FakeChatRequest[];
  /** Replies for the next requests, in order; afterwards `fallback` answers. */
  script(...replies: FakeChatReply[]): void;
  fallback: FakeChatReply;
  /** When set, answers a request nothing was scripted for (instead of `fallback`). */
  respond: ((body: ChatRequestBody) => FakeChatReply) | null;
  close(): Promise<void>;
}

const DEFAULT_USAGE = { prompt_tokens: 100, completion_tokens: 20 };

/** An answer whose content is `value` as JSON. */
export const jsonAnswer = (
  value: unknown,
  usage: { prompt_tokens: number; completion_tokens: number } = DEFAULT_USAGE,
): FakeChatReply => ({ kind: 'answer', content: JSON.stringify(value), usage });

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

const sendJson = (res: ServerResponse, status: number, body: unknown, headers = {}) =>
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(body));

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: FakeChatReply[] = [];
  const requests: FakeChatRequest[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return sendJson(res, 404, { error: { message: 'no route' } });
    }
    const at = Date.now();
    const body = JSON.parse(await readBody(req)) as ChatRequestBody;
    const reply = queue.shift() ?? server.respond?.(body) ?? server.fallback;
    requests.push({ at, authorization: req.headers.authorization, body, reply: reply.kind });
    switch (reply.kind) {
      case 'hang':
        return;
      case 'malformed':
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [');
      case 'status':
        return res
          .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
          .end(reply.body ?? JSON.stringify({ error: { message: `status ${reply.status}` } }));
      case 'answer': {
        const usage = reply.usage === undefined ? DEFAULT_USAGE : reply.usage;
        return sendJson(res, 200, {
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(at / 1000),
          model: body.model,
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: reply.content,
                refusal: reply.refusal ?? null,
              },
              finish_reason: reply.finishReason ?? 'stop',
            },
          ],
          ...(usage && {
            usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          }),
        });
      }
    }
  };

  const http = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  const server: FakeOpenAi = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    fallback: { kind: 'status', status: 500 },
    respond: null,
    script: (...replies) => {
      queue.push(...replies);
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
  return server;
}
