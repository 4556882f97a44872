import type { KeyValue } from '@fieldbot/shared';

// The bots' and clients' pages (router.tsx). Lint keeps other features' internals out of reach and
// their indexes export pages only, so the two addresses are spelled here.
const CLIENTS_LIST = '/clients/list';

/** `?month=MM/01/YYYY`: the clients list and a client's runs filter by the same month value. */
const withMonth = (path: string, month: string) =>
  `${path}?${new URLSearchParams({ month }).toString()}`;

/** The clients list for the month: clients, runs and costs per client. */
export const clientsListLink = (month: string) => withMonth(CLIENTS_LIST, month);

/** A bot's page; null for the 'Others' bucket. */
export const botLink = (row: KeyValue) => (row.id ? `/bot/detail/${row.id}` : null);

/** A client's runs in the month: the runs behind its spend; null for the 'Others' bucket. */
export const clientRunsLink = (month: string) => (row: KeyValue) =>
  row.id ? withMonth(`/clients/detail/${row.id}/runs`, month) : null;
