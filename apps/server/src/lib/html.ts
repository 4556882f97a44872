import { createHash } from 'node:crypto';

/** The CSP source (`'sha256-…'`) that allows exactly this inline script and no other. */
export function inlineScriptSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/** Text made safe to put into HTML (e-mail bodies): the five characters HTML gives meaning to. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
