import { BOT_COLORS } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { botMantineColor, contrastRatio, markColors } from './bot-colors';

describe('markColors', () => {
  it.each(BOT_COLORS.flatMap((color) => [[color, 'light'] as const, [color, 'dark'] as const]))(
    'keeps %s highlights readable in the %s scheme',
    (color, scheme) => {
      const mark = markColors(color, scheme);
      expect(contrastRatio(mark.background, mark.color)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('maps violet and unknown names to blue, lightblue to cyan', () => {
    expect(botMantineColor('violet')).toBe('blue');
    expect(botMantineColor('teal')).toBe('blue');
    expect(botMantineColor('lightblue')).toBe('cyan');
    expect(markColors('violet', 'light')).toEqual(markColors('blue', 'light'));
  });
});
