/**
 * Operator command: deletes a whole company on its request (issue 27 §4).
 *
 *   npm run company:delete -- --company <id> --confirm "<exact company name>"
 *
 * Deletes the company's storage objects, its users, every row it owns and its audit log, leaving
 * one audit entry (company.deleted, no tenant, the company's id and counts) and the privacy request
 * row. Resumable: run it again after a crash and it continues the same request. Embedded mode (no
 * DATABASE_URL): stop the server first, the data folder is locked while it runs.
 */
import { pathToFileURL } from 'node:url';
import { exitOnConfigError, loadConfigOrExit, type AppConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { isUuid } from '../src/lib/uuid.js';
import { runCompanyDeletion, startCompanyDeletion } from '../src/modules/customer-privacy/index.js';
import { createStorageProvider } from '../src/providers/storage/index.js';
import { seedReferenceData } from '../src/seed/seed.js';

const USAGE = 'Usage: npm run company:delete -- --company <id> --confirm "<exact company name>"';

export interface DeleteCompanyArgs {
  companyId: string;
  confirmName: string;
}

export function parseDeleteCompanyArgs(argv: string[]): DeleteCompanyArgs | string {
  let companyId: string | undefined;
  let confirmName: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const value = inline ?? argv[++i];
    if (flag === '--company') companyId = value;
    else if (flag === '--confirm') confirmName = value;
    else return `Unknown argument ${arg}.`;
  }
  if (!companyId || !isUuid(companyId)) return '--company needs a company id (uuid).';
  if (!confirmName) return '--confirm needs the exact company name.';
  return { companyId, confirmName };
}

/** The command's body, also what tests call: the company's counts, or why nothing was deleted. */
export async function deleteCompany(
  config: AppConfig,
  args: DeleteCompanyArgs,
): Promise<
  { ok: true; requestId: string; counts: Record<string, number> } | { ok: false; problem: string }
> {
  const database = await openDatabase(config);
  try {
    await database.migrate(() => seedReferenceData(database.db));
    const started = await startCompanyDeletion(database.db, args.companyId, args.confirmName);
    if (!started.ok) {
      return {
        ok: false,
        problem:
          started.reason === 'no_company'
            ? `No company ${args.companyId}.`
            : 'The name does not match the company: type it exactly as it is.',
      };
    }
    const result = await runCompanyDeletion(
      { db: database.db, storage: createStorageProvider(config) },
      started.requestId,
    );
    return { ok: true, requestId: started.requestId, counts: result.counts };
  } finally {
    await database.close();
  }
}

async function main() {
  const args = parseDeleteCompanyArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(`${args}\n${USAGE}`);
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const result = await exitOnConfigError(() => deleteCompany(config, args));
  if (!result.ok) {
    console.error(result.problem);
    process.exit(2);
  }
  const counts = Object.entries(result.counts).map(([k, n]) => `${n} ${k.replace(/_/g, ' ')}`);
  console.log(
    `Company ${args.companyId} deleted (request ${result.requestId}): ${counts.join(', ')}.`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
