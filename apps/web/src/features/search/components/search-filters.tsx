import type { SearchFiltersResponse } from '@fieldbot/shared';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useRef } from 'react';
import type { SearchFieldErrors } from '../lib/field-errors';
import { CALL_TYPE_OPTIONS, TYPE_OPTIONS } from '../lib/options';
import type { SearchQueryPatch, SearchUrlQuery } from '../lib/search-url';
import { BotTagFilter } from './bot-tag-filter';

export interface SearchFiltersProps {
  query: SearchUrlQuery;
  onQueryChange: (patch: SearchQueryPatch) => void;
  /** The filters' options; undefined while they load. */
  options: SearchFiltersResponse['data'] | undefined;
  /** Loading the options failed. */
  optionsError: unknown;
  errors: SearchFieldErrors;
}

/** Fields a search can be narrowed by; each change applies at once (and goes back to page 1). */
export const FILTER_FIELDS = [
  'from',
  'to',
  'type',
  'call_type',
  'technician_id',
  'bot_id',
  'tag',
  'tag_state',
] as const satisfies readonly (keyof SearchUrlQuery)[];

const NO_FILTERS = Object.fromEntries(
  FILTER_FIELDS.map((field) => [field, null]),
) as SearchQueryPatch;

/** Dates, type, call type, technician (when the answer lists any), and a bot's tag. */
export function SearchFilters({
  query,
  onQueryChange,
  options,
  optionsError,
  errors,
}: SearchFiltersProps) {
  const technicians = options?.technicians ?? [];
  const filtered = FILTER_FIELDS.some((field) => query[field] && field !== 'tag_state');
  const fromInput = useRef<HTMLInputElement>(null);

  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          ref={fromInput}
          type="date"
          label="From"
          value={query.from ?? ''}
          max={query.to}
          onChange={(event) => onQueryChange({ from: event.currentTarget.value })}
          error={errors.from}
        />
        <TextInput
          type="date"
          label="To"
          value={query.to ?? ''}
          min={query.from}
          onChange={(event) => onQueryChange({ to: event.currentTarget.value })}
          error={errors.to}
        />
        <Select
          label="Interaction type"
          placeholder="All"
          data={TYPE_OPTIONS}
          value={query.type ?? null}
          // A field recording has no call type.
          onChange={(type) =>
            onQueryChange(type === 'field-recording' ? { type, call_type: null } : { type })
          }
          error={errors.type}
          clearable
        />
        <Select
          label="Call type"
          placeholder="All"
          data={CALL_TYPE_OPTIONS}
          value={query.call_type ?? null}
          onChange={(call_type) => onQueryChange({ call_type })}
          disabled={query.type === 'field-recording'}
          error={errors.call_type}
          clearable
        />
        {technicians.length > 0 ? (
          <Select
            label="Technician"
            placeholder="Anyone"
            data={technicians.map((t) => ({ value: t.id, label: t.name }))}
            value={query.technician_id ?? null}
            onChange={(technician_id) => onQueryChange({ technician_id })}
            error={errors.technician_id}
            searchable
            clearable
            nothingFoundMessage="No technician"
          />
        ) : null}
        <BotTagFilter
          query={query}
          onQueryChange={onQueryChange}
          bots={options?.bots}
          botsError={optionsError}
          errors={errors}
        />
      </SimpleGrid>
      {filtered ? (
        <Group justify="flex-end">
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              // The button goes with the filters: focus moves to the first one, not to the page.
              fromInput.current?.focus();
              onQueryChange(NO_FILTERS);
            }}
          >
            Clear filters
          </Button>
        </Group>
      ) : null}
    </>
  );
}
