import {
  isFutureMonth,
  parseMonthValue,
  toMonthValue,
  type DashboardQuery,
} from '@fieldbot/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const MONTH_PARAM = 'month';

export interface DashboardMonth {
  /** The chosen month (MM/01/YYYY) from `?month=`; null for the default, this month. */
  month: string | null;
  /** The dashboard API's query: `{month}` when one is chosen, `{}` for the server's this month. */
  query: DashboardQuery;
  /** Chooses a month (a new history entry, so Back returns); null goes back to this month. */
  setMonth: (value: string | null) => void;
}

/**
 * The dashboard's month lives in the URL (`?month=MM/01/YYYY`) so a link or a reload keeps it. A
 * malformed or future value is ignored (this month), as the server would refuse it with a 422.
 */
export function useDashboardMonth(now: Date = new Date()): DashboardMonth {
  const [params, setParams] = useSearchParams();
  const raw = params.get(MONTH_PARAM);
  const parsed = parseMonthValue(raw);
  const month = parsed && !isFutureMonth(parsed, now) ? toMonthValue(parsed) : null;

  const setMonth = useCallback(
    (value: string | null) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(MONTH_PARAM, value);
        else next.delete(MONTH_PARAM);
        return next;
      });
    },
    [setParams],
  );
  const query = useMemo<DashboardQuery>(() => (month ? { month } : {}), [month]);
  return { month, query, setMonth };
}

/**
 * The month the picker shows: the chosen one, else the month the server answered for (its 'this
 * month' is in the company's or UTC time), else this month on this device while it loads.
 */
export function shownMonth(chosen: string | null, answered: string | undefined, now: Date): string {
  return chosen ?? answered ?? toMonthValue({ year: now.getFullYear(), month: now.getMonth() + 1 });
}
