import { PLAYBACK_EVENTS, formatPlayerTime } from '@fieldbot/shared';
import { analytics } from '@/lib/analytics';

/**
 * Spec §7 playback events. The spec names the fields, not their units, so:
 * - playback_start_time / pause_time: the position in the recording, in seconds (2 decimals),
 *   which is what an analyst groups by (where people start and stop listening);
 * - timeframe: the same moment as the player shows it (mm:ss or hh:mm:ss);
 * - previous_speed / new_speed: playback rates (1 = normal).
 */
const seconds = (value: number) => Math.round(value * 100) / 100;

export function trackPlaybackStarted(interactionId: string, position: number): void {
  analytics.track(PLAYBACK_EVENTS.started, {
    interaction_id: interactionId,
    playback_start_time: seconds(position),
    timeframe: formatPlayerTime(position),
  });
}

export function trackPlaybackPaused(interactionId: string, position: number): void {
  analytics.track(PLAYBACK_EVENTS.paused, {
    interaction_id: interactionId,
    pause_time: seconds(position),
    timeframe: formatPlayerTime(position),
  });
}

export function trackSpeedChanged(
  interactionId: string,
  previousSpeed: number,
  newSpeed: number,
  position: number,
): void {
  analytics.track(PLAYBACK_EVENTS.speedChanged, {
    interaction_id: interactionId,
    previous_speed: previousSpeed,
    new_speed: newSpeed,
    timeframe: formatPlayerTime(position),
  });
}
