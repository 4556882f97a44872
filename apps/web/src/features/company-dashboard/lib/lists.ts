import {
  formatUsdCompact,
  type CompanyDashboard,
  type KeyValue,
  type RoleAlias,
} from '@fieldbot/shared';
import {
  COMPANY_BOTS_PATH,
  CUSTOMERS_PATH,
  customerPath,
  linkFor,
  marketplaceBotPath,
  TECHNICIANS_PATH,
  teamMemberPath,
} from './paths';
import { formatCount } from './figures';

/** One top-5 list of the page: its rows, how a value reads, where a row and 'View all' lead. */
export interface TopList {
  id:
    | 'technicians_by_recordings'
    | 'technicians_by_unrecorded_jobs'
    | 'customers_by_revenue'
    | 'bots_by_runs';
  title: string;
  items: KeyValue[];
  formatValue: (value: number) => string;
  /** A row's page when the viewer may open it; undefined: plain text. */
  itemHref: (item: KeyValue) => string | undefined;
  /** The whole list behind the top 5, when there is one the viewer may open. */
  viewAllHref?: string;
  emptyText: string;
}

/**
 * The top-5 lists (issue 13 §2). A technician sees no technician rankings (they would rank only
 * themselves); the customers and bots lists are theirs.
 */
export function topLists(dashboard: CompanyDashboard, role: RoleAlias | undefined): TopList[] {
  const rowLink = (path: (id: string) => string) => (item: KeyValue) =>
    item.id ? linkFor(role, path(item.id)) : undefined;
  const technicians: TopList[] = [
    {
      id: 'technicians_by_recordings',
      title: 'Technicians by Recordings',
      items: dashboard.top.technicians_by_recordings,
      formatValue: formatCount,
      itemHref: rowLink(teamMemberPath),
      viewAllHref: linkFor(role, TECHNICIANS_PATH),
      emptyText: 'No Recordings Found',
    },
    {
      id: 'technicians_by_unrecorded_jobs',
      title: 'Completed Jobs Without a Recording',
      items: dashboard.top.technicians_by_unrecorded_jobs,
      formatValue: formatCount,
      itemHref: rowLink(teamMemberPath),
      viewAllHref: linkFor(role, TECHNICIANS_PATH),
      emptyText: 'No Unrecorded Jobs Found',
    },
  ];
  const mine = dashboard.scope === 'technician';
  return [
    ...(mine ? [] : technicians),
    {
      id: 'customers_by_revenue',
      title: mine ? 'My Customers by Revenue' : 'Customers by Revenue',
      items: dashboard.top.customers_by_revenue,
      formatValue: formatUsdCompact,
      itemHref: rowLink(customerPath),
      viewAllHref: linkFor(role, CUSTOMERS_PATH),
      emptyText: 'No Customers Found',
    },
    {
      id: 'bots_by_runs',
      title: 'Bots by Runs',
      items: dashboard.top.bots_by_runs,
      formatValue: formatCount,
      itemHref: rowLink(marketplaceBotPath),
      viewAllHref: linkFor(role, COMPANY_BOTS_PATH),
      emptyText: 'No Bot Runs Found',
    },
  ];
}
