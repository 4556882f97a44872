import { useComputedColorScheme } from '@mantine/core';

/** A bot's icon in the current colour scheme; decorative, the bot's name sits beside it. */
export function BotIcon({
  icon,
  size = 20,
}: {
  icon: { light: string; dark: string };
  size?: number;
}) {
  const scheme = useComputedColorScheme('light');
  return (
    <img
      src={icon[scheme]}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      style={{ display: 'block', borderRadius: 4 }}
    />
  );
}
