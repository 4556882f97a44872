import { exitOnConfigError, loadConfigOrExit } from './config.js';
import { createServer } from './server.js';

async function main() {
  const config = loadConfigOrExit();

  // A wrong DATABASE_URL or a data folder in use by another process: one line, no stack.
  const { app, close } = await exitOnConfigError(() => createServer(config));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
