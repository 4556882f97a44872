import type { SVGProps } from 'react';

interface ArtworkProps extends SVGProps<SVGSVGElement> {
  variant: 'light' | 'dark';
}

const PALETTES = {
  light: { sky: '#EEF2FF', door: '#C7D2FE', frame: '#4F46E5', lock: '#F59E0B', ink: '#1E1B4B' },
  dark: { sky: '#1E1B4B', door: '#312E81', frame: '#A5B4FC', lock: '#FBBF24', ink: '#E0E7FF' },
} as const;

/** A locked door; one palette per display mode (spec §2: light and dark artwork). */
export function NoAccessArtwork({ variant, ...props }: ArtworkProps) {
  const c = PALETTES[variant];
  return (
    <svg viewBox="0 0 240 180" width={240} height={180} aria-hidden focusable="false" {...props}>
      <rect x="0" y="0" width="240" height="180" rx="24" fill={c.sky} />
      <rect
        x="78"
        y="30"
        width="84"
        height="130"
        rx="6"
        fill={c.door}
        stroke={c.frame}
        strokeWidth="6"
      />
      <circle cx="146" cy="98" r="5" fill={c.frame} />
      <rect x="98" y="78" width="44" height="36" rx="6" fill={c.lock} />
      <path
        d="M106 78v-10a14 14 0 0 1 28 0v10"
        fill="none"
        stroke={c.lock}
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="120" cy="94" r="4" fill={c.ink} />
      <rect x="118" y="96" width="4" height="9" rx="2" fill={c.ink} />
      <rect x="40" y="160" width="160" height="6" rx="3" fill={c.frame} opacity="0.4" />
    </svg>
  );
}
