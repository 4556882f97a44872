/** Full-page navigation (not a client-side route change); a module of its own so tests can stub it. */
export function loadPage(path: string): void {
  window.location.assign(path);
}
