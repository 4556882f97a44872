import { DEFAULT_PAGE, pageBeyondEnd } from '@fieldbot/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Past the last page (`?page=99` of 40 rows), goes to the last page, replacing the URL so Back does
 * not return to the empty page. `total` is undefined until the page's own answer has arrived.
 */
export function useLastPageRedirect(page: number, total: number | undefined, pageSize: number) {
  const [, setParams] = useSearchParams();
  const target = total === undefined ? null : pageBeyondEnd(page, total, pageSize);
  useEffect(() => {
    if (target === null) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (target === DEFAULT_PAGE) next.delete('page');
        else next.set('page', String(target));
        return next;
      },
      { replace: true },
    );
  }, [target, setParams]);
  return target !== null;
}
