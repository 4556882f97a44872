/** Text made safe to put into HTML (e-mail bodies): the five characters HTML gives meaning to. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
