import { useComputedColorScheme } from '@mantine/core';

export interface BotIconProps {
  icon: { light: string; dark: string };
  size?: number;
  /** Empty when a name beside the icon already says what it is. */
  alt?: string;
}

/** The bot's colour icon in the theme's variant (spec §3 bot icons: colour × theme). */
export function BotIcon({ icon, size = 28, alt = '' }: BotIconProps) {
  const scheme = useComputedColorScheme('light');
  return (
    <img
      src={scheme === 'dark' ? icon.dark : icon.light}
      alt={alt}
      width={size}
      height={size}
      style={{ borderRadius: '50%', flex: 'none', objectFit: 'cover' }}
    />
  );
}
