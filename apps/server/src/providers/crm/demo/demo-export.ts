import { CrmError, type CrmEntity, type CrmPage, type CrmRecordOf } from '../crm-provider.js';
import { LIFESPAN_DAYS, type DemoHistory, type DemoWorld } from './demo-world.js';

/**
 * Where an export stands: every change up to `at` was exported, and at `at` itself those up to
 * (day, index), the creation day and index of the record last exported. The tiebreak lets a page
 * end between two records changed in the same millisecond.
 */
export interface ExportPosition {
  at: number;
  day: number;
  index: number;
}

const CURSOR_VERSION = 1;
/** day of a position after every record changed at its `at`. */
const END_OF_MILLISECOND = Number.MAX_SAFE_INTEGER;

const compare = (a: ExportPosition, b: ExportPosition) =>
  a.at - b.at || a.day - b.day || a.index - b.index;

export function encodeCursor(position: ExportPosition): string {
  const text = JSON.stringify([CURSOR_VERSION, position.at, position.day, position.index]);
  return Buffer.from(text).toString('base64url');
}

export function decodeCursor(cursor: string): ExportPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 4 &&
      parsed[0] === CURSOR_VERSION &&
      parsed.slice(1).every((n) => Number.isSafeInteger(n))
    ) {
      const [, at, day, index] = parsed as number[];
      return { at: at!, day: day!, index: index! };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new CrmError('The demo CRM sync position is damaged; sync again from the start.', false);
}

/**
 * One page of an entity's changes in (after, asOf], oldest first, each record once in its state at
 * asOf. A record's last change is at most its entity's lifespan after its creation day, so the
 * changes of day D are found among the records created in the lifespan before it: only that
 * window of days is generated, one day at a time.
 */
export function exportChanges<E extends CrmEntity>(
  world: DemoWorld,
  entity: E,
  after: ExportPosition | null,
  asOf: number,
  pageSize: number,
): CrmPage<E> {
  const caughtUp: ExportPosition = { at: asOf, day: END_OF_MILLISECOND, index: 0 };
  const lifespan = LIFESPAN_DAYS[entity];
  const plan = world.planners[entity];
  const created = new Map<number, DemoHistory<CrmRecordOf[E]>[]>();
  const found: { position: ExportPosition; record: CrmRecordOf[E] }[] = [];

  const lastDay = world.dayOf(asOf);
  for (let day = Math.max(0, after ? world.dayOf(after.at) : 0); day <= lastDay; day++) {
    for (const old of created.keys()) if (old < day - lifespan) created.delete(old);
    const changedToday: typeof found = [];
    for (let c = Math.max(0, day - lifespan); c <= day; c++) {
      if (!created.has(c)) created.set(c, plan(c));
      for (const history of created.get(c)!) {
        const version = history.versions.findLast((v) => v.at <= asOf);
        if (!version || world.dayOf(version.at) !== day) continue;
        const position = { at: version.at, day: history.day, index: history.index };
        if (after && compare(position, after) <= 0) continue;
        changedToday.push({ position, record: version.record });
      }
    }
    found.push(...changedToday.sort((a, b) => compare(a.position, b.position)));
    if (found.length > pageSize) break;
  }

  const items = found.slice(0, pageSize);
  const hasMore = found.length > pageSize;
  let next = hasMore ? items[items.length - 1]!.position : caughtUp;
  // A clock that went back must not move the cursor back (that would export changes twice).
  if (after && compare(next, after) < 0) next = after;
  return { items: items.map((item) => item.record), cursor: encodeCursor(next), hasMore };
}
