import { Avatar, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A client's logo (or initials) beside its name; the logo is decorative, the name says who. */
export function ClientName({
  name,
  logo,
  size = 28,
  children,
}: {
  name: string;
  logo: string | null;
  size?: number;
  /** The name as shown (a link, a heading); the plain name when absent. */
  children?: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={logo} alt="" size={size} radius="sm" name={name} color="initials" aria-hidden />
      {children ?? name}
    </Group>
  );
}
