import { SimpleGrid, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface KpiGridProps {
  /** Names the group of cards for screen readers, e.g. 'Key figures for 03/2025'. */
  label: string;
  children: ReactNode;
  cols?: SimpleGridProps['cols'];
}

/** The KPI cards: one column on a phone, two from 576 px, three from 992 px. */
export function KpiGrid({ label, children, cols = { base: 1, xs: 2, md: 3 } }: KpiGridProps) {
  return (
    <section aria-label={label}>
      <SimpleGrid cols={cols} spacing="sm">
        {children}
      </SimpleGrid>
    </section>
  );
}
