/**
 * Platform onboarding of a new publisher:
 *
 *   npm run publisher:invite -w @fieldbot/server -- <email>
 *
 * Creates a Publisher Admin invitation without a publisher and prints the sign-up link to send to
 * the person; after signing up they create the publisher on Publisher Information. Embedded mode
 * (no DATABASE_URL): stop the server first, the data folder is locked while it runs.
 */
import { exitOnConfigError, loadConfigOrExit } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { seedReferenceData } from '../src/seed/seed.js';
import { invitePublisherAdmin, PlatformInviteError } from '../src/modules/publisher-users/index.js';

async function main() {
  const email = process.argv[2];
  if (!email) {
    console.error('Usage: npm run publisher:invite -w @fieldbot/server -- <email>');
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const database = await exitOnConfigError(() => openDatabase(config));
  try {
    // A fresh install may not have started the server yet: the tables must exist.
    await database.migrate(() => seedReferenceData(database.db));
    const { link, expiresAt } = await invitePublisherAdmin(database.db, {
      email,
      appUrl: config.appUrl,
    });
    console.log(
      `Publisher Admin invitation for ${email} (valid until ${expiresAt.toISOString()}):`,
    );
    console.log(link);
  } catch (error) {
    if (!(error instanceof PlatformInviteError)) throw error;
    console.error(`${email}: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
