import { PLACEHOLDER_PEAKS } from '@fieldbot/shared';
import { Box, Group } from '@mantine/core';
import { useState } from 'react';
import classes from './audio-player.module.css';

function randomPeaks(): number[] {
  return Array.from({ length: PLACEHOLDER_PEAKS }, () => 0.15 + Math.random() * 0.85);
}

/** The loading waveform of spec §9: PLACEHOLDER_PEAKS random bars, pulsing. */
export function PlaceholderWaveform() {
  const [peaks] = useState(randomPeaks);
  return (
    <Group
      gap={3}
      h={64}
      wrap="nowrap"
      align="center"
      className={classes.placeholder}
      data-testid="placeholder-waveform"
      aria-hidden
    >
      {peaks.map((peak, index) => (
        <Box
          key={index}
          className={classes.placeholderBar}
          style={{ height: `${Math.round(peak * 100)}%`, animationDelay: `${(index % 13) * 80}ms` }}
        />
      ))}
    </Group>
  );
}
