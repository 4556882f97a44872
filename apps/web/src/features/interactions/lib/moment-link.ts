/** The URL of this page opening at `seconds` (whole seconds, floored): `?t=` is read by parseStartTime. */
export function momentLink(href: string, seconds: number): string {
  const url = new URL(href);
  url.searchParams.set('t', String(Math.max(0, Math.floor(seconds))));
  url.hash = '';
  return url.toString();
}
