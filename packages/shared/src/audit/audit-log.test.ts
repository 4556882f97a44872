import { describe, expect, it } from 'vitest';
import { AUDIT_EVENTS } from './audit-events';
import {
  AUDIT_EVENT_GROUPS,
  auditEventGroup,
  auditEventLabel,
  auditEventsOfGroup,
  auditTargetTypeLabel,
} from './audit-labels';
import { auditLogBounds, auditLogQuerySchema, auditLogSearch } from './audit-log.schema';

describe('audit event labels', () => {
  it('gives every event words and a group', () => {
    for (const event of AUDIT_EVENTS) {
      expect(auditEventGroup(event), event).not.toBeNull();
      expect(auditEventLabel(event), event).not.toMatch(/[._]/);
    }
  });

  it('reads an unknown event as its name, spaced out', () => {
    expect(auditEventLabel('thing.was_done')).toBe('Thing was done');
    expect(auditEventGroup('thing.was_done')).toBeNull();
    expect(auditTargetTypeLabel('webhook')).toBe('Webhook');
    expect(auditTargetTypeLabel('odd_kind')).toBe('Odd kind');
  });

  it('puts each event in exactly one group, and every group has events', () => {
    const all = AUDIT_EVENT_GROUPS.flatMap((group) => auditEventsOfGroup(group));
    expect([...all].sort()).toEqual([...AUDIT_EVENTS].sort());
    for (const group of AUDIT_EVENT_GROUPS)
      expect(auditEventsOfGroup(group).length).toBeGreaterThan(0);
    expect(auditEventsOfGroup('sign_in')).toContain('login_failed');
    expect(auditEventsOfGroup('data_access')).toEqual(
      expect.arrayContaining(['audio.played', 'transcript.downloaded']),
    );
  });
});

describe('audit log query', () => {
  it('defaults the page size and drops empty filters', () => {
    expect(auditLogQuerySchema.parse({ actor: '  ', target: '' })).toEqual({ limit: 50 });
    expect(auditLogQuerySchema.parse({ limit: '10', group: 'team' })).toEqual({
      limit: 10,
      group: 'team',
    });
  });

  it('refuses unknown groups and events, a malformed cursor and a reversed range', () => {
    expect(auditLogQuerySchema.safeParse({ group: 'nope' }).success).toBe(false);
    expect(auditLogQuerySchema.safeParse({ event: 'nope' }).success).toBe(false);
    expect(auditLogQuerySchema.safeParse({ cursor: 'a b' }).success).toBe(false);
    expect(auditLogQuerySchema.safeParse({ limit: 500 }).success).toBe(false);
    const reversed = auditLogQuerySchema.safeParse({ from: '2026-12-06', to: '2026-12-05' });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]?.path).toEqual(['to']);
    expect(auditLogQuerySchema.safeParse({ from: '2026-12-06', to: '2026-12-06' }).success).toBe(
      true,
    );
  });

  it('reads a bare day as the whole UTC day and an instant as it is', () => {
    const day = auditLogBounds({ from: '2026-12-06', to: '2026-12-06' });
    expect(day.from?.toISOString()).toBe('2026-12-06T00:00:00.000Z');
    expect(day.to?.toISOString()).toBe('2026-12-06T23:59:59.999Z');
    const local = auditLogBounds({ from: '2026-12-06T00:00:00-05:00' });
    expect(local.from?.toISOString()).toBe('2026-12-06T05:00:00.000Z');
    expect(local.to).toBeNull();
  });

  it('builds a query string without empty values', () => {
    expect(auditLogSearch({ group: 'team', actor: '', cursor: undefined, limit: 20 })).toBe(
      '?group=team&limit=20',
    );
    expect(auditLogSearch({})).toBe('');
  });
});
