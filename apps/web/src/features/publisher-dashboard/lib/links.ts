import { botDetailPath, clientDetailPath, CLIENTS_PATH } from '@fieldbot/shared';
import type { KeyValue } from '@fieldbot/shared';

/** `?month=MM/01/YYYY`: the clients list and a client's runs filter by the same month value. */
const withMonth = (path: string, month: string) =>
  `${path}?${new URLSearchParams({ month }).toString()}`;

/** The clients list for the month: clients, runs and costs per client. */
export const clientsListLink = (month: string) => withMonth(CLIENTS_PATH, month);

/** A bot's page; null for the 'Others' bucket. */
export const botLink = (row: KeyValue) => (row.id ? botDetailPath(row.id) : null);

/** A client's runs in the month: the runs behind its spend; null for the 'Others' bucket. */
export const clientRunsLink = (month: string) => (row: KeyValue) =>
  row.id ? withMonth(clientDetailPath(row.id, 'runs'), month) : null;
