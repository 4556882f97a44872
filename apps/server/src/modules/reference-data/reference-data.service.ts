import {
  BOT_COLORS,
  BOT_ICON_FORMATS,
  BOT_ICON_THEMES,
  botIcon,
  botIconPath,
  type BotColor,
  type BotTrigger,
  type BotTriggerEvent,
  type CompanyBot,
  type DataItem,
  type DataItemRow,
  type DataResponse,
  type User,
} from '@fieldbot/shared';
import type { ReferenceDataRepo } from './reference-data.repo.js';

export type ReferenceDataService = ReturnType<typeof createReferenceDataService>;

/** A company's subscribed bot as the bot-runs module reads it. */
export interface SubscribedBotRow {
  botId: string;
  name: string;
  color: BotColor;
  trigger: BotTrigger;
  trigger_event: BotTriggerEvent;
  version: number;
  latestVersion: number | null;
}

export function toCompanyBot(row: SubscribedBotRow): CompanyBot {
  return {
    id: row.botId,
    name: row.name,
    trigger: row.trigger,
    trigger_event: row.trigger_event,
    color: row.color,
    icon: botIcon(row.color),
    version: row.version,
    latest_version: row.latestVersion ?? row.version,
  };
}

/** Every icon: colour × theme × format (spec §3 "Bot"). */
export const BOT_ICON_ROWS: DataItemRow<'bot_icons'>[] = BOT_COLORS.flatMap((color) =>
  BOT_ICON_THEMES.flatMap((theme) =>
    BOT_ICON_FORMATS.map((format) => ({
      color,
      theme,
      format,
      url: botIconPath(color, theme, format),
    })),
  ),
);

export function createReferenceDataService(deps: {
  repo: ReferenceDataRepo;
  /** The company's subscribed bots at their pinned versions. */
  companyBots(companyId: string): Promise<SubscribedBotRow[]>;
}) {
  const { repo } = deps;

  const loaders: { [K in DataItem]: (viewer: User) => Promise<DataItemRow<K>[]> } = {
    permissions: repo.permissions,
    timezones: repo.timezones,
    industries: repo.industries,
    trades: repo.trades,
    company_types: repo.companyTypes,
    // A user without a company (publishers, a new admin) has no bots.
    company_bots: async (viewer) =>
      viewer.company?.id ? (await deps.companyBots(viewer.company.id)).map(toCompanyBot) : [],
    bot_icons: async () => BOT_ICON_ROWS,
  };

  return {
    /** The asked lists, each once, keyed by item. */
    async items(items: readonly DataItem[], viewer: User): Promise<DataResponse['data']> {
      const unique = [...new Set(items)];
      const lists = await Promise.all(unique.map((item) => loaders[item](viewer)));
      return Object.fromEntries(unique.map((item, i) => [item, lists[i]!]));
    },
  };
}
