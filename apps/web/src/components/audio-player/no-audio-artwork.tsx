import type { SVGProps } from 'react';

/** Empty-state picture for 'No Audio Available': a muted speaker over a flat waveform. */
export function NoAudioArtwork(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 160 96"
      width={120}
      height={72}
      aria-hidden
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={4}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <path d="M40 36h14l18-14v52L54 60H40z" fill="currentColor" fillOpacity={0.15} />
      <path d="M88 38l20 20M108 38L88 58" />
      <path d="M8 88h144" strokeOpacity={0.4} strokeDasharray="6 8" />
    </svg>
  );
}
