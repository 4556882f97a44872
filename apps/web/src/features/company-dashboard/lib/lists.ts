import {
  formatUsdCompact,
  type CompanyDashboard,
  type KeyValue,
  type RoleAlias,
  customerPath,
  marketplaceBotPagePath,
  teamMemberPath,
} from '@fieldbot/shared';
import { formatCount } from '@/components/dashboard';
import { linkFor } from './link-for';

/** One top-5 list of the page, as TopFiveList takes it. */
export interface TopList {
  id:
    | 'technicians_by_recordings'
    | 'technicians_by_unrecorded_jobs'
    | 'customers_by_revenue'
    | 'bots_by_runs';
  title: string;
  rows: KeyValue[];
  format: (value: number) => string;
  /** A row's page when the viewer may open it; null leaves the name as text. */
  getHref: (row: KeyValue) => string | null;
  emptyText: string;
}

/** A row's page, when it has an id and the viewer's role may open the page. */
export function rowLink(role: RoleAlias | undefined, path: (id: string) => string) {
  return (row: { id: string | null }) => (row.id ? (linkFor(role, path(row.id)) ?? null) : null);
}

const NO_ROWS: KeyValue[] = [];

/**
 * The top-5 lists; `top` is undefined while loading. A technician sees their own customers only:
 * technician rankings would rank only themselves, and their bots are read as findings instead.
 */
export function topLists(
  top: CompanyDashboard['top'] | undefined,
  technician: boolean,
  role: RoleAlias | undefined,
): TopList[] {
  const technicians: TopList[] = [
    {
      id: 'technicians_by_recordings',
      title: 'Technicians by Recordings',
      rows: top?.technicians_by_recordings ?? NO_ROWS,
      format: formatCount,
      getHref: rowLink(role, teamMemberPath),
      emptyText: 'No Recordings Found',
    },
    {
      id: 'technicians_by_unrecorded_jobs',
      title: 'Completed Jobs Without a Recording',
      rows: top?.technicians_by_unrecorded_jobs ?? NO_ROWS,
      format: formatCount,
      getHref: rowLink(role, teamMemberPath),
      emptyText: 'No Unrecorded Jobs Found',
    },
  ];
  const customers: TopList = {
    id: 'customers_by_revenue',
    title: technician ? 'My Customers by Revenue' : 'Customers by Revenue',
    rows: top?.customers_by_revenue ?? NO_ROWS,
    format: formatUsdCompact,
    getHref: rowLink(role, customerPath),
    emptyText: 'No Customers Found',
  };
  if (technician) return [customers];
  return [
    ...technicians,
    customers,
    {
      id: 'bots_by_runs',
      title: 'Bots by Runs',
      rows: top?.bots_by_runs ?? NO_ROWS,
      format: formatCount,
      getHref: rowLink(role, marketplaceBotPagePath),
      emptyText: 'No Bot Runs Found',
    },
  ];
}
