import {
  CLIENT_MESSAGES,
  botIcon,
  millicentsToCents,
  periodOf,
  periodRange,
  type BotColor,
  type ClientExportQuery,
  type ClientListItem,
  type ClientListQuery,
  type ClientRunsQuery,
  type User,
} from '@fieldbot/shared';
import { csvDollars, csvStream, type CsvColumn } from '../../lib/csv-response.js';
import { DomainError } from '../../lib/errors.js';
import type { ClientListRow, ClientsRepo, MonthRange } from './clients.repo.js';

/** Publisher months are UTC calendar months (a publisher's clients span timezones). */
export function utcMonthRange(month: string | undefined, now: Date): MonthRange {
  if (!month) return periodRange(periodOf(now, 'UTC'), 'UTC');
  const [mm, , yyyy] = month.split('/');
  return periodRange(`${yyyy}-${mm}`, 'UTC');
}

/** A client's month as the API answers it: each sum of millicents rounded to cents once. */
function toClientListItem({
  estimated_millicents,
  client_cost_millicents,
  ...item
}: ClientListRow): ClientListItem {
  return {
    ...item,
    estimated_cost_cents: millicentsToCents(estimated_millicents),
    client_cost_cents: millicentsToCents(client_cost_millicents),
  };
}

/** The clients export: the list's columns, amounts in dollars a spreadsheet can sum. */
const CLIENT_CSV_COLUMNS: CsvColumn<ClientListItem>[] = [
  { header: 'Client', value: (c) => c.name },
  { header: 'Since (UTC)', value: (c) => c.since },
  { header: 'Source', value: (c) => c.source },
  { header: 'Bots used', value: (c) => c.bots_used },
  { header: 'Runs', value: (c) => c.runs },
  { header: 'Estimated cost (USD)', value: (c) => csvDollars(c.estimated_cost_cents) },
  { header: 'Markup %', value: (c) => c.markup_percent },
  { header: 'Client cost (USD)', value: (c) => csvDollars(c.client_cost_cents) },
];

/** The route guard admits publisher roles only, so a publisher is there. */
const publisherOf = (user: User) => user.publisher!.id;

export type ClientsService = ReturnType<typeof createClientsService>;

export function createClientsService(deps: { repo: ClientsRepo; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function detail(user: User, clientId: string) {
    const row = await repo.detail(publisherOf(user), clientId);
    // Another publisher's client looks exactly like no client at all.
    if (!row) throw new DomainError(404, CLIENT_MESSAGES.notFound);
    const { override, ...rest } = row;
    return {
      ...rest,
      markup_percent: override ?? row.default_markup_percent,
      markup_overridden: override !== null,
    };
  }

  return {
    async list(user: User, query: ClientListQuery) {
      const page = await repo.listPage(publisherOf(user), query, utcMonthRange(query.month, now()));
      return {
        count: page.count,
        // Each amount is a sum of millicents rounded to cents once.
        totals: {
          runs: page.totals.runs,
          estimated_cost_cents: millicentsToCents(page.totals.estimated_millicents),
          client_cost_cents: millicentsToCents(page.totals.client_cost_millicents),
        },
        items: page.items.map(toClientListItem),
      };
    },

    /** The clients of the month as CSV rows: the list's search and order, read in batches. */
    clientsCsv(user: User, query: ClientExportQuery) {
      const publisherId = publisherOf(user);
      const month = utcMonthRange(query.month, now());
      return csvStream(CLIENT_CSV_COLUMNS, async (offset, limit) =>
        (
          await repo.listPage(publisherId, { ...query, page: 1 }, month, { offset, limit })
        ).items.map(toClientListItem),
      );
    },

    detail,

    async bots(user: User, clientId: string) {
      await detail(user, clientId);
      const rows = await repo.bots(publisherOf(user), clientId);
      return rows.map(({ color, ...row }) => ({
        ...row,
        color: color as BotColor,
        icon: botIcon(color),
        update_available: row.version < row.latest_version,
      }));
    },

    async runs(user: User, clientId: string, query: ClientRunsQuery) {
      await detail(user, clientId);
      return repo.runs(publisherOf(user), clientId, query, utcMonthRange(query.month, now()));
    },

    /** Runs metered from now on use the new markup; metered runs keep the one they ran at. */
    async setMarkup(user: User, clientId: string, markupPercent: number | null, ip: string) {
      const saved = await repo.setMarkup(publisherOf(user), clientId, markupPercent, {
        userId: user.id,
        ip,
      });
      if (!saved) throw new DomainError(404, CLIENT_MESSAGES.notFound);
      return detail(user, clientId);
    },
  };
}
