const DARK_QUERY = '(prefers-color-scheme: dark)';

export const FAVICONS = { light: '/favicon-light.svg', dark: '/favicon-dark.svg' } as const;

function iconLink(): HTMLLinkElement {
  let link = document.querySelector<HTMLLinkElement>('link#favicon');
  if (!link) {
    link = document.createElement('link');
    link.id = 'favicon';
    link.rel = 'icon';
    link.type = 'image/svg+xml';
    document.head.appendChild(link);
  }
  return link;
}

/** The tab icon follows the system light/dark preference (spec §2), live. Returns an unsubscribe. */
export function watchFavicon(): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const apply = () => {
    iconLink().href = media.matches ? FAVICONS.dark : FAVICONS.light;
  };
  apply();
  media.addEventListener('change', apply);
  return () => media.removeEventListener('change', apply);
}
