import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  CrmError,
  type CrmConnection,
  type CrmConnectionContext,
  type CrmEntity,
  type CrmPage,
  type CrmProvider,
  type CrmRecordOf,
} from '../crm-provider.js';
import {
  CREDENTIALS_MESSAGE,
  ServiceTitanTransport,
  type ServiceTitanCredentials,
} from './servicetitan-client.js';
import {
  EXPORT_PATHS,
  exportResponse,
  mapExportRow,
  recordingPath,
} from './servicetitan-records.js';
import { writeServiceTitanNote } from './servicetitan-notes.js';

export interface ServiceTitanConfig {
  authUrl: string;
  apiUrl: string;
  /** Rows asked for per export page. */
  pageSize: number;
}

export interface ServiceTitanOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Retries of one request after 429, 5xx or a network failure (default 5). */
  maxRetries?: number;
}

export const NO_RECORDING_MESSAGE = 'The CRM has no recording for this call.';

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The dialog's values (spec §3 required fields) as credentials; a missing one is a credentials error. */
function credentialsOf(values: Record<string, string>): ServiceTitanCredentials {
  const value = (name: string) => values[name]?.trim() ?? '';
  const credentials = {
    clientId: value('client_id'),
    clientSecret: value('secret'),
    tenantId: value('tenant_id'),
    appKey: value('app_key'),
  };
  if (!credentials.clientId || !credentials.clientSecret || !credentials.appKey) {
    throw new CrmError(CREDENTIALS_MESSAGE, false, true);
  }
  if (!/^\d+$/.test(credentials.tenantId)) throw new CrmError(CREDENTIALS_MESSAGE, false, true);
  return credentials;
}

/** start_date (YYYY-MM-DD) as the export's first `from`: ServiceTitan reads a date there as "modified on or after". */
function startFrom(values: Record<string, string>): string | null {
  const date = values.start_date?.trim();
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}

export function createServiceTitanProvider(
  config: ServiceTitanConfig,
  options: ServiceTitanOptions = {},
): CrmProvider {
  const transportOptions = {
    authUrl: config.authUrl.replace(/\/+$/, ''),
    apiUrl: config.apiUrl.replace(/\/+$/, ''),
    fetch: options.fetch ?? fetch,
    sleep: options.sleep ?? defaultSleep,
    now: options.now ?? Date.now,
    maxRetries: options.maxRetries ?? 5,
  };

  return {
    slug: 'servicetitan',
    connect(context: CrmConnectionContext): CrmConnection {
      // Bad values surface on first use, as every other credentials problem does.
      let transport: ServiceTitanTransport | null = null;
      let credentials: ServiceTitanCredentials | null = null;
      const open = () => {
        credentials ??= credentialsOf(context.values);
        transport ??= new ServiceTitanTransport(credentials, context.state, transportOptions);
        return { transport, tenant: credentials.tenantId };
      };

      async function exportPage<E extends CrmEntity>(
        entity: E,
        cursor: string | null,
        signal?: AbortSignal,
      ): Promise<CrmPage<E>> {
        const { transport, tenant } = open();
        const from = cursor ?? startFrom(context.values);
        // The export feeds document only `from` and `includeRecentChanges`; pageSize is sent as a
        // hint (the feed picks its own page size when it ignores it).
        const query: Record<string, string> = { pageSize: String(config.pageSize) };
        if (from !== null) query.from = from;
        const response = await transport.get(EXPORT_PATHS[entity](tenant), query, { signal });
        const parsed = exportResponse.safeParse(await response.json().catch(() => null));
        if (!parsed.success) {
          throw new CrmError(`ServiceTitan sent an unreadable ${entity} export page.`, true);
        }
        let items: CrmRecordOf[E][];
        try {
          items = parsed.data.data.map((row) => mapExportRow(entity, row));
        } catch (error) {
          throw new CrmError(`ServiceTitan sent an ${(error as Error).message}.`, false);
        }
        return { items, cursor: parsed.data.continueFrom, hasMore: parsed.data.hasMore };
      }

      return {
        async verify(signal) {
          // A token and the smallest read that needs the tenant and the app key.
          await exportPage('technicians', null, signal);
        },
        exportPage,
        async downloadRecording(recordingRef, signal) {
          const { transport, tenant } = open();
          const response = await transport.get(
            recordingPath(tenant, recordingRef),
            {},
            {
              signal,
              accept: 'audio/*, application/octet-stream',
              onStatus: (status) =>
                status === 404 || status === 410 ? new CrmError(NO_RECORDING_MESSAGE, false) : null,
            },
          );
          if (!response.body) throw new CrmError(NO_RECORDING_MESSAGE, false);
          return {
            body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
            contentType: response.headers.get('content-type') ?? 'audio/mpeg',
          };
        },
        async writeNote(note, signal) {
          const { transport, tenant } = open();
          return writeServiceTitanNote(transport, tenant, note, signal);
        },
      };
    },
  };
}
