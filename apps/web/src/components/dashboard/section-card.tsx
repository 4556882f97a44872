import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  /** Names the region for screen readers too. */
  title: string;
  loading: boolean;
  className?: string;
  children: ReactNode;
}

/** The titled card every dashboard list and chart sits in (busy while its data loads). */
export function SectionCard({ title, loading, className, children }: SectionCardProps) {
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      className={className}
      aria-label={title}
      aria-busy={loading || undefined}
    >
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
