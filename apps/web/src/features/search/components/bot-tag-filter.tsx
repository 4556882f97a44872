import type { SearchFiltersResponse } from '@fieldbot/shared';
import { Select } from '@mantine/core';
import { errorMessage } from '@/lib/notify';
import type { SearchFieldErrors } from '../lib/field-errors';
import { TAG_STATE_OPTIONS } from '../lib/options';
import type { SearchQueryPatch, SearchUrlQuery } from '../lib/search-url';

export interface BotTagFilterProps {
  query: SearchUrlQuery;
  onQueryChange: (patch: SearchQueryPatch) => void;
  /** The subscribed bots and their tags; undefined while they load. */
  bots: SearchFiltersResponse['data']['bots'] | undefined;
  botsError: unknown;
  errors: SearchFieldErrors;
}

/**
 * Interactions where a bot's latest result found something, or nothing: the bot, then (once a bot
 * is chosen) one of its tags, or any, and found / not found.
 */
export function BotTagFilter({ query, onQueryChange, bots, botsError, errors }: BotTagFilterProps) {
  const bot = bots?.find((b) => b.id === query.bot_id);
  // A tag the bot's current version dropped still shows when a bookmark names it.
  const tags = [...new Set([...(bot?.tags ?? []), ...(query.tag ? [query.tag] : [])])];
  return (
    <>
      <Select
        label="Bot"
        placeholder={bots ? 'Any bot' : 'Loading bots…'}
        data={(bots ?? []).map((b) => ({ value: b.id, label: b.name }))}
        value={query.bot_id ?? null}
        // Another bot has other tags.
        onChange={(bot_id) => onQueryChange({ bot_id, tag: null, tag_state: null })}
        error={botsError ? errorMessage(botsError) : errors.bot_id}
        searchable
        clearable
        nothingFoundMessage="No bot"
      />
      <Select
        label="Bot tag"
        placeholder={query.bot_id ? 'Any tag' : 'Choose a bot'}
        data={tags}
        value={query.tag ?? null}
        onChange={(tag) => onQueryChange({ tag })}
        disabled={!query.bot_id}
        error={errors.tag}
        searchable
        clearable
        nothingFoundMessage="No tag"
      />
      <Select
        label="Tag result"
        data={TAG_STATE_OPTIONS}
        value={query.tag_state}
        // Found is the default: left out of the URL.
        onChange={(state) => onQueryChange({ tag_state: state === 'not-found' ? state : null })}
        disabled={!query.bot_id}
        error={errors.tag_state}
        allowDeselect={false}
      />
    </>
  );
}
