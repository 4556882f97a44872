import { AUDIT_EVENT_GROUPS, AUDIT_GROUP_LABELS, type AuditEventGroup } from '@fieldbot/shared';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { AuditLogFilters as Filters } from '../api/audit-log';

const GROUP_OPTIONS = AUDIT_EVENT_GROUPS.map((group) => ({
  value: group,
  label: AUDIT_GROUP_LABELS[group],
}));

export interface AuditLogFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** Field messages of a 422 (a reversed date range). */
  errors?: Partial<Record<'from' | 'to', string>>;
}

/** Action group, person (name or e-mail) and a date range; the person applies after a pause. */
export function AuditLogFilters({ filters, onChange, errors = {} }: AuditLogFiltersProps) {
  const [actor, setActor] = useState(filters.actor);
  // Follows a change made outside the box (Clear) while keeping what is being typed.
  const [applied, setApplied] = useState(filters.actor);
  if (filters.actor !== applied) {
    setApplied(filters.actor);
    setActor(filters.actor);
  }
  useEffect(() => {
    if (actor === filters.actor) return;
    const timer = setTimeout(() => onChange({ ...filters, actor }), 350);
    return () => clearTimeout(timer);
  }, [actor, filters, onChange]);

  const reversed = filters.fromDay && filters.toDay && filters.toDay < filters.fromDay;
  const filtered = Boolean(filters.group || filters.actor || filters.fromDay || filters.toDay);

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mb="md">
      <Select
        label="Action"
        placeholder="All actions"
        data={GROUP_OPTIONS}
        value={filters.group || null}
        onChange={(value) => onChange({ ...filters, group: (value ?? '') as AuditEventGroup | '' })}
        clearable
        allowDeselect
      />
      <TextInput
        label="Person"
        placeholder="Name or e-mail"
        value={actor}
        onChange={(event) => setActor(event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="From"
        value={filters.fromDay}
        max={filters.toDay || undefined}
        onChange={(event) => onChange({ ...filters, fromDay: event.currentTarget.value })}
        error={errors.from}
      />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          type="date"
          label="To"
          style={{ flex: 1 }}
          value={filters.toDay}
          min={filters.fromDay || undefined}
          onChange={(event) => onChange({ ...filters, toDay: event.currentTarget.value })}
          error={reversed ? 'The end date must be on or after the start date.' : errors.to}
        />
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => onChange({ group: '', actor: '', fromDay: '', toDay: '' })}
          >
            Clear
          </Button>
        )}
      </Group>
    </SimpleGrid>
  );
}
