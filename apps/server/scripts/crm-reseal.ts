/**
 * Operator command after rotating CRM_CREDENTIALS_SECRET (docs/decisions/017):
 *
 *   CRM_CREDENTIALS_SECRET=<new> CRM_CREDENTIALS_PREVIOUS_SECRETS=<old> npm run crm:reseal
 *
 * Re-seals every saved CRM credential and webhook signing secret (both sealed with that secret)
 * still sealed under a previous secret, so the previous one can
 * then be dropped from the configuration. Idempotent. Embedded mode (no DATABASE_URL): stop the
 * server first, the data folder is locked while it runs. On PostgreSQL it runs beside the server.
 */
import { exitOnConfigError, loadConfigOrExit } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { crmCredentialsBox, resealCrmCredentials } from '../src/modules/integrations/index.js';
import { resealWebhookSecrets, webhookSecretsBox } from '../src/modules/webhooks/index.js';

async function main() {
  const config = loadConfigOrExit();
  const database = await exitOnConfigError(() => openDatabase(config));
  try {
    const { checked, resealed } = await resealCrmCredentials(
      database.db,
      crmCredentialsBox(config.crm),
    );
    console.log(`${checked} saved integrations checked, ${resealed} re-sealed.`);
    const hooks = await resealWebhookSecrets(database.db, webhookSecretsBox(config.crm));
    console.log(
      `${hooks.checked} webhook endpoints checked, ${hooks.resealed} re-sealed, ${hooks.unreadable} unreadable.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
