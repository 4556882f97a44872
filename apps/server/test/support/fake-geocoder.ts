import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGeocoderRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeGeocoderReply {
  status?: number;
  body: unknown;
}

/**
 * A local HTTP server standing in for a hosted geocoder (Mapbox, Google Places): every request is
 * recorded and answered by `answer`, so adapter tests check what is asked and what is made of it.
 */
export async function startFakeGeocoder(
  answer: (request: FakeGeocoderRequest) => FakeGeocoderReply,
): Promise<{ url: string; requests: FakeGeocoderRequest[]; close(): Promise<void> }> {
  const requests: FakeGeocoderRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: FakeGeocoderRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://fake.test'),
        headers: req.headers,
        body: text ? (JSON.parse(text) as unknown) : null,
      };
      requests.push(request);
      const reply = answer(request);
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
