import { Avatar, useComputedColorScheme } from '@mantine/core';

export interface IntegrationLogoProps {
  name: string;
  logo: string | null;
  darkLogo: string | null;
  size?: number;
}

/** The provider's logo, its dark variant in the dark scheme (spec §2); initials when it has none. */
export function IntegrationLogo({ name, logo, darkLogo, size = 48 }: IntegrationLogoProps) {
  const scheme = useComputedColorScheme('light');
  const src = scheme === 'dark' ? (darkLogo ?? logo) : logo;
  return (
    <Avatar src={src} alt={`${name} logo`} size={size} radius="md" color="blue">
      {name.slice(0, 2).toUpperCase()}
    </Avatar>
  );
}
