import { spawn } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const mainScript = path.resolve(here, '../../src/main.ts');
const bareScript = path.resolve(here, 'bare-server.ts');

/** A port the system has just handed out and released again. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export interface ServerProcess {
  base: string;
  /** The process id (a benchmark reads its memory from /proc). */
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Starts the server as `npm start` does, in a process of its own, and waits until /api/health
 * answers. A load test must not share the server's event loop with its load generator: 200
 * browsers are not inside the server either.
 */
export const startServerProcess = (
  env: Record<string, string | undefined>,
  nodeArgs: string[] = [],
) => startProcess(mainScript, env, '/api/health', nodeArgs);

/**
 * The baseline every latency is compared with: a bare Fastify route (GET /bare) in a process of
 * its own, so that it runs under the same conditions as the server it is compared with.
 */
export async function startBareProcess(): Promise<ServerProcess & { url: string }> {
  const bare = await startProcess(bareScript, { ...process.env }, '/bare');
  return { ...bare, url: `${bare.base}/bare` };
}

async function startProcess(
  script: string,
  env: Record<string, string | undefined>,
  readyPath: string,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...process.execArgv, ...nodeArgs, script], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with code ${child.exitCode}`);
    const healthy = await fetch(`${base}${readyPath}`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { base, pid: child.pid!, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${script} did not answer ${readyPath} within 120 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
