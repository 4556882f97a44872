/**
 * Operator command: closes the billing month at once, the same way the hourly job does.
 *
 *   npm run billing:close -- [--company <id>] [--month YYYY-MM]
 *
 * Idempotent: a month already invoiced is not invoiced again, and a charge is attempted once (a
 * failed one is retried by the company with Pay Now). Embedded mode (no DATABASE_URL): stop the
 * server first, the data folder is locked while it runs. On PostgreSQL it runs beside the server.
 */
import { PERIOD_PATTERN, formatUsd } from '@fieldbot/shared';
import { exitOnConfigError, loadConfigOrExit } from '../src/config.js';
import { closeBillingNow } from '../src/jobs/run-now.js';
import { isUuid } from '../src/lib/uuid.js';

function usage(problem: string): never {
  console.error(`${problem}\nUsage: npm run billing:close -- [--company <id>] [--month YYYY-MM]`);
  process.exit(2);
}

function parseArgs(argv: string[]): { companyId?: string; period?: string } {
  const out: { companyId?: string; period?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? arg.split('=', 2) : [arg, undefined];
    const value = inline ?? argv[++i];
    if (flag === '--company') {
      if (!value || !isUuid(value)) usage('--company needs a company id (uuid).');
      out.companyId = value;
    } else if (flag === '--month') {
      if (!value || !PERIOD_PATTERN.test(value)) usage('--month needs YYYY-MM.');
      out.period = value;
    } else {
      usage(`Unknown argument ${arg}.`);
    }
  }
  return out;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const config = loadConfigOrExit();
  const outcomes = await exitOnConfigError(() => closeBillingNow(config, options));
  if (options.companyId && outcomes.length === 0) usage(`No company ${options.companyId}.`);
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    counts.set(o.result, (counts.get(o.result) ?? 0) + 1);
    if (o.result === 'invoiced' || o.result === 'already_invoiced' || options.companyId) {
      const total = o.totalCents === undefined ? '' : ` ${formatUsd(o.totalCents)}`;
      console.log(
        `${o.companyId} ${o.period} ${o.result}${o.invoiceNumber ? ` ${o.invoiceNumber}` : ''}${total}` +
          `${o.charge ? ` charge=${o.charge}` : ''}`,
      );
    }
  }
  const summary = [...counts].map(([result, n]) => `${n} ${result.replace(/_/g, ' ')}`);
  console.log(`${outcomes.length} companies${summary.length ? `: ${summary.join(', ')}` : '.'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
