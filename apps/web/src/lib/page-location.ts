/**
 * The address bar for code that runs outside the router: the login page has its own HTML entry
 * (src/login-main.tsx) without React Router, and the app hands /login over to it. Tests replace
 * these methods (jsdom cannot load another document).
 */
export const pageLocation = {
  current(): { pathname: string; search: string } {
    return { pathname: window.location.pathname, search: window.location.search };
  },
  /** Changes the address of this document, adding no history entry. */
  rewrite(url: string): void {
    window.history.replaceState(window.history.state, '', url);
  },
  /** Loads another document in place of this one (no history entry for this one's address). */
  replace(url: string): void {
    window.location.replace(url);
  },
  /** Loads the current address again as a document: the server picks its HTML entry. */
  reload(): void {
    window.location.reload();
  },
};
