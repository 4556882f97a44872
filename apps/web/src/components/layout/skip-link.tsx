/** First tab stop: jumps past the header and sidebar to the page (visible only when focused). */
export function SkipLink() {
  return (
    <a
      href="#main-content"
      style={{ position: 'absolute', left: -9999, top: 8, zIndex: 1000 }}
      onFocus={(e) => {
        e.currentTarget.style.left = '8px';
      }}
      onBlur={(e) => {
        e.currentTarget.style.left = '-9999px';
      }}
    >
      Skip to main content
    </a>
  );
}
