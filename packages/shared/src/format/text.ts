/** Repeated spaces collapse to one and the ends are trimmed (spec §5 Profile name). */
export function collapseSpaces(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

export function digitsOnly(value: string, maxLength = 10): string {
  return value.replace(/\D/g, '').slice(0, maxLength);
}

/** Phone mask (xxx) xxx-xxxx for display; partial input is masked as far as it goes. */
export function formatPhone(value: string | null | undefined): string {
  const d = digitsOnly(value ?? '');
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}
