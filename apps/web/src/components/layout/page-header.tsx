import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** Spec §3 "Header state" (keepParentLayout is a later concern and not modelled yet). */
export interface PageHeader {
  title: string;
  subTitle?: string;
  enableReturn?: boolean;
  /** Where Back leads when the page was opened in a fresh tab; the parent route when absent. */
  returnTo?: string;
}

interface PageHeaderContextValue {
  header: PageHeader;
  setHeader: (header: PageHeader) => void;
}

const EMPTY_HEADER: PageHeader = { title: '' };

const PageHeaderContext = createContext<PageHeaderContextValue | null>(null);

export function PageHeaderProvider({ children }: { children: ReactNode }) {
  const [header, setHeader] = useState<PageHeader>(EMPTY_HEADER);
  return <PageHeaderContext value={{ header, setHeader }}>{children}</PageHeaderContext>;
}

export function usePageHeaderState(): PageHeader {
  return useContext(PageHeaderContext)?.header ?? EMPTY_HEADER;
}

export const APP_NAME = 'Fieldbot';

/** Pages call this to set the header title, subtitle and back button (and the tab title). */
export function usePageHeader({
  title,
  subTitle,
  enableReturn = false,
  returnTo,
}: PageHeader): void {
  const setHeader = useContext(PageHeaderContext)?.setHeader;
  useEffect(() => {
    setHeader?.({ title, subTitle, enableReturn, returnTo });
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [setHeader, title, subTitle, enableReturn, returnTo]);
}
