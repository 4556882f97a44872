import { normaliseBotColor, type BotColor } from '@fieldbot/shared';
import { darken, DEFAULT_THEME, luminance, type MantineColor } from '@mantine/core';

/** The Mantine palette that stands for each bot colour (spec §3: 'violet' is an old name of blue). */
export const BOT_MANTINE_COLORS: Record<BotColor, MantineColor> = {
  red: 'red',
  orange: 'orange',
  yellow: 'yellow',
  green: 'green',
  lightblue: 'cyan',
  blue: 'blue',
  purple: 'grape',
};

export const botMantineColor = (color: string | null | undefined): MantineColor =>
  BOT_MANTINE_COLORS[normaliseBotColor(color)];

export interface MarkColors {
  background: string;
  color: string;
  /** An underline in a stronger shade, so the bot's colour shows even on a pale background. */
  border: string;
}

const BLACK = '#000000';
const WHITE = '#ffffff';

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Highlight colours of a bot's transcript spans: a pale tint with black text in the light scheme,
 * a deep shade with white text in the dark one. Both clear WCAG AA (4.5:1) for every bot colour;
 * bot-colors.test.ts checks each.
 */
export function markColors(color: string | null | undefined, scheme: 'light' | 'dark'): MarkColors {
  const shades = DEFAULT_THEME.colors[botMantineColor(color)]!;
  if (scheme === 'light') return { background: shades[2], color: BLACK, border: shades[7] };
  // Shade 9 of yellow and orange is too bright for white text: darken until it reads.
  let background = shades[9];
  for (let step = 1; step <= 10 && contrastRatio(background, WHITE) < 4.6; step++) {
    background = darken(shades[9], step * 0.05);
  }
  return { background, color: WHITE, border: shades[4] };
}
