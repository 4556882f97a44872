import type { User } from '../auth/user.schema';
import { PLAYBACK_SPEEDS, SEEK_STEP_SECONDS } from '../constants';
import type {
  Customer,
  InteractionDetail,
  InteractionListItem,
  InteractionType,
} from './interaction.schema';
import { INTERACTION_MESSAGES } from './recording.schema';

type LinkFields = Pick<InteractionListItem, 'type' | 'status' | 'download_status'>;

/**
 * Spec §4 "Interaction link": when the interaction page cannot be opened, and why. A call's download
 * state is the more specific reason, so it wins over the in-progress status it usually comes with.
 */
export function interactionLinkBlock(item: LinkFields): string | null {
  if (item.type === 'csr-call') {
    if (item.download_status === 'error') return INTERACTION_MESSAGES.downloadFailed;
    if (item.download_status === 'in-progress') return INTERACTION_MESSAGES.downloading;
    if (item.download_status === null) return INTERACTION_MESSAGES.processing;
  }
  if (item.status === 'in-progress' || item.status === 'paused') {
    return INTERACTION_MESSAGES.linkDisabledInProgress;
  }
  return null;
}

/** Why Run Bot is disabled (spec §4 "Run Bot availability"), shown in its tooltip. */
export const RUN_BOT_BLOCKS = {
  running: 'A bot is already running.',
  noCrmUser: 'Your account is not linked to the CRM.',
  noJobs: 'This customer has no jobs.',
  unfinishedInteractions: 'Wait until every interaction is completed.',
  interactionNotCompleted: 'Bots run on completed interactions only.',
  loading: 'Loading, please wait.',
  /** The Run Bots dialog's Run, until a bot is chosen. */
  noBotChosen: 'Choose at least one bot.',
} as const;

/** Statuses after which an interaction can be analysed from the customer page. */
const FINISHED_STATUSES = new Set<InteractionListItem['status']>(['completed', 'terminated']);

export interface CustomerRunBotInputs {
  /** A bot run of this customer is under way. */
  botRunning?: boolean;
  user: Pick<User, 'crm_user_id'> | null;
  customer: Pick<Customer, 'jobs_count'> | undefined;
  /** The interactions listed on the page; undefined while they load. */
  interactions: readonly Pick<InteractionListItem, 'status'>[] | undefined;
}

/**
 * Spec §4, customer page: Run Bot is disabled while a run is running, for a user with no
 * crm_user_id, for a customer with no jobs, and while any listed interaction is neither completed
 * nor terminated. What is not loaded yet keeps it disabled. Null when it may run.
 */
export function customerRunBotBlock({
  botRunning = false,
  user,
  customer,
  interactions,
}: CustomerRunBotInputs): string | null {
  if (botRunning) return RUN_BOT_BLOCKS.running;
  if (user && !user.crm_user_id) return RUN_BOT_BLOCKS.noCrmUser;
  if (!user || !customer || !interactions) return RUN_BOT_BLOCKS.loading;
  if (customer.jobs_count === 0) return RUN_BOT_BLOCKS.noJobs;
  if (interactions.some((item) => !FINISHED_STATUSES.has(item.status))) {
    return RUN_BOT_BLOCKS.unfinishedInteractions;
  }
  return null;
}

/** Spec §4, interaction page: Run Bot is disabled unless the interaction is completed. */
export function interactionRunBotBlock(detail: Pick<InteractionDetail, 'status'>): string | null {
  return detail.status === 'completed' ? null : RUN_BOT_BLOCKS.interactionNotCompleted;
}

/** Spec §4 "CSR call download status": what the status cell shows. */
export type DownloadCell = 'redownload' | 'downloading' | 'processing' | 'status';
export function downloadCell(
  item: Pick<InteractionListItem, 'type' | 'download_status'>,
): DownloadCell {
  if (item.type !== 'csr-call') return 'status';
  if (item.download_status === 'error') return 'redownload';
  if (item.download_status === 'in-progress') return 'downloading';
  if (item.download_status === null) return 'processing';
  return 'status';
}

/**
 * The list refetches every 10 s while any call downloads (spec §4), and also while a recording is
 * being processed, so a visit just recorded turns completed without a reload.
 */
export function listNeedsPolling(
  items: readonly Pick<InteractionListItem, 'download_status' | 'status'>[],
): boolean {
  return items.some(
    (item) => item.download_status === 'in-progress' || item.status === 'in-progress',
  );
}

/** The detail refetches every 10 s while audio merge or transcription runs. */
export function detailNeedsPolling(
  detail: Pick<InteractionDetail, 'audio_merge_status' | 'transcript_status'>,
): boolean {
  return detail.audio_merge_status === 'in-progress' || detail.transcript_status === 'in-progress';
}

/** 'Field Recording' or 'CSR Call (Booked)' / 'CSR Call (Unbooked)'. */
export function interactionTypeLabel(type: InteractionType, callType: string | null): string {
  if (type === 'field-recording') return 'Field Recording';
  return callType ? `CSR Call (${callType})` : 'CSR Call';
}

/** Player time: hh:mm:ss from one hour, else mm:ss; '--:--' when unknown (spec §9). */
export function formatPlayerTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) {
    return '--:--';
  }
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** Timestamp MM/DD/YYYY hh:mm:ss A in the viewer's time zone (spec §9). */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = date.getHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return (
    `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ` +
    `${pad(h12)}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${hours < 12 ? 'AM' : 'PM'}`
  );
}

/** The next playback speed; wraps from 3 back to 0.5 (spec §4). */
export function nextPlaybackSpeed(current: number): number {
  const index = PLAYBACK_SPEEDS.findIndex((speed) => speed === current);
  return PLAYBACK_SPEEDS[(index + 1) % PLAYBACK_SPEEDS.length]!;
}

/** Skips by ±5 s, clamped to the start and the end. */
export function seekBy(current: number, direction: 1 | -1, duration: number): number {
  const target = current + direction * SEEK_STEP_SECONDS;
  return Math.min(Math.max(target, 0), Math.max(duration, 0));
}

/** The last page of a list of `total` rows; an empty list has one (empty) page. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * A page past the end (a stale link, a hand-edited `?page=99`, the last row deleted) shows the last
 * page instead: the page to go to, or null when `page` is in range.
 */
export function pageBeyondEnd(page: number, total: number, pageSize: number): number | null {
  const last = lastPage(total, pageSize);
  return page > last ? last : null;
}

/** 'Showing x to y of z entries'. */
export function showingEntries(
  page: number,
  pageSize: number,
  total: number,
  /** The total is a lower bound (a capped count): 'of 1,000+ entries'. */
  capped = false,
): string {
  if (total === 0) return 'Showing 0 to 0 of 0 entries';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const of = capped ? `${total.toLocaleString('en-US')}+` : `${total}`;
  return `Showing ${from} to ${to} of ${of} entries`;
}

/** The segment playing at `time`: the last one that started at or before it. */
export function activeSegmentIndex(
  segments: readonly { start: number; end: number }[],
  time: number,
): number {
  let found = -1;
  for (let i = 0; i < segments.length; i++) {
    if (segments[i]!.start <= time) found = i;
    else break;
  }
  return found;
}

/** Reads `?t=` (seconds, may be fractional) as a start position; anything else is 0. */
export function parseStartTime(value: string | null | undefined): number {
  if (!value) return 0;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
