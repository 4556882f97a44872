import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMail {
  file: string;
  mtimeMs: number;
  /** The parsed JSON file as the server wrote it. */
  json: unknown;
  /** Every string in the mail joined (subject, text, html, …) for link extraction. */
  content: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) collectStrings(v, out);
}

/** The recipients of a mail, whatever shape `to` has (string, list, {address}). */
function recipients(json: unknown): string[] {
  if (!json || typeof json !== 'object') return [];
  const to = (json as Record<string, unknown>).to ?? (json as Record<string, unknown>).recipient;
  const out: string[] = [];
  collectStrings(to, out);
  return out.map((s) => s.toLowerCase());
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Reads the local outbox (one JSON file per message under DATA_DIR/outbox). Mail goes through the
 * job queue, so readers poll for up to 10 s.
 */
export class Outbox {
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly appUrl: string,
  ) {
    this.dir = join(dataDir, 'outbox');
  }

  async list(): Promise<OutboxMail[]> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => n.endsWith('.json'));
    } catch {
      return [];
    }
    const mails: OutboxMail[] = [];
    for (const name of names) {
      const file = join(this.dir, name);
      try {
        const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
        const json: unknown = JSON.parse(text);
        const strings: string[] = [];
        collectStrings(json, strings);
        mails.push({ file, mtimeMs: info.mtimeMs, json, content: strings.join('\n') });
      } catch {
        // A file still being written; the next poll reads it.
      }
    }
    return mails.sort((a, b) => a.mtimeMs - b.mtimeMs || a.file.localeCompare(b.file));
  }

  /** Names of the mails present now; pass to `waitFor` to only accept mail sent afterwards. */
  async mark(): Promise<Set<string>> {
    return new Set((await this.list()).map((m) => m.file));
  }

  async mailsTo(address: string): Promise<OutboxMail[]> {
    const want = address.toLowerCase();
    return (await this.list()).filter((m) => recipients(m.json).some((r) => r.includes(want)));
  }

  /** The newest mail to `address` not in `after`, waiting up to `timeoutMs`. */
  async waitFor(
    address: string,
    options: { after?: Set<string>; timeoutMs?: number } = {},
  ): Promise<OutboxMail> {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const fresh = (await this.mailsTo(address)).filter((m) => !options.after?.has(m.file));
      const newest = fresh.at(-1);
      if (newest) return newest;
      if (Date.now() > deadline) {
        throw new Error(
          `no mail to ${address} in ${this.dir} within ${options.timeoutMs ?? 10_000} ms`,
        );
      }
      await sleep(100);
    }
  }

  /** Extracts the token of a `${APP_URL}/{kind}/{token}` link from a mail. */
  linkToken(mail: OutboxMail, kind: 'verify' | 'reset-password' | 'accept-invite'): string {
    const re = new RegExp(`${escapeRegExp(this.appUrl)}/${kind}/([A-Za-z0-9._~%-]+)`);
    const match = re.exec(mail.content);
    if (!match?.[1])
      throw new Error(`no ${kind} link in ${mail.file}: ${mail.content.slice(0, 500)}`);
    return decodeURIComponent(match[1]);
  }

  async waitForToken(
    address: string,
    kind: 'verify' | 'reset-password' | 'accept-invite',
    options: { after?: Set<string>; timeoutMs?: number } = {},
  ): Promise<string> {
    return this.linkToken(await this.waitFor(address, options), kind);
  }
}
