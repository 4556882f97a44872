import type { CSSProperties } from 'react';

// Its own surface, so the link reads over whatever header it appears on, in either scheme.
const visibleStyle: CSSProperties = {
  position: 'absolute',
  top: 8,
  left: 8,
  zIndex: 1000,
  padding: '8px 12px',
  borderRadius: 'var(--mantine-radius-default)',
  background: 'var(--mantine-color-body)',
  color: 'var(--mantine-color-anchor)',
  boxShadow: 'var(--mantine-shadow-md)',
};

/** First tab stop: jumps past the header and sidebar to the page (visible only when focused). */
export function SkipLink() {
  return (
    <a
      href="#main-content"
      style={{ ...visibleStyle, left: -9999 }}
      onFocus={(e) => {
        e.currentTarget.style.left = `${visibleStyle.left}px`;
      }}
      onBlur={(e) => {
        e.currentTarget.style.left = '-9999px';
      }}
    >
      Skip to main content
    </a>
  );
}
