// vitest-isolate: the device store is opened once per module lifetime, here on fake-indexeddb.

import 'fake-indexeddb/auto';
import {
  CONSENT_MESSAGES,
  CSRF_COOKIE,
  INTERACTION_MESSAGES,
  MESSAGES,
  CONSENT_NOTICE_VERSION,
  RECORDING_CHUNK_MS,
  type ConsentMethod,
  type OpenJob,
} from '@fieldbot/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCompany, makeUser } from '@fieldbot/shared/testing';
import { blockingViolations } from '@/test/axe';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import { UPLOAD_GIVE_UP_MS } from '../lib/chunk-queue';
import {
  deletePendingRecording,
  listPendingRecordings,
  loadChunks,
  saveChunk,
  savePendingRecording,
} from '../lib/pending-recordings';
import { RECORDING_FILE_MESSAGES } from '../lib/recording-file';
import { RECORDER_MESSAGES } from '../lib/use-visit-recorder';
import { JOB_SELECT_LABEL } from './job-select';
import { PENDING_RECORDING_MESSAGES, PendingRecordings } from './pending-recordings';
import { RecordingActions } from './recording-actions';

const CUSTOMER_ID = '0b6f0f7e-3c1d-4a8e-9f55-5d6a1c2b3e44';
const USER_ID = '5a0c3f7e-1d2b-4c8e-9f55-000000000001';
const INTERACTION_ID = '7f1c1e1a-8a3b-4b52-9d3e-2f6f1c0e9a11';

const job = (id: string, jobNumber: string): OpenJob => ({
  id,
  job_number: jobNumber,
  status: 'scheduled',
  created_at: '2026-11-20T10:00:00.000Z',
});
const JOB_A = job('1e7b6a0c-0000-4000-8000-00000000000a', 'J-2001');
const JOB_B = job('1e7b6a0c-0000-4000-8000-00000000000b', 'J-2002');

class FakeMediaRecorder extends EventTarget {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: RecordingState = 'inactive';
  timeslice: number | undefined;
  readonly mimeType: string;
  private count = 0;

  constructor(
    readonly stream: MediaStream,
    options?: MediaRecorderOptions,
  ) {
    super();
    this.mimeType = options?.mimeType ?? '';
    FakeMediaRecorder.instances.push(this);
  }

  start(timeslice?: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }

  /** One timeslice worth of audio. */
  emitChunk() {
    this.count += 1;
    const event = new Event('dataavailable');
    Object.assign(event, { data: new Blob([`audio-${this.count}`], { type: 'audio/webm' }) });
    this.dispatchEvent(event);
  }

  stop() {
    this.state = 'inactive';
    // Like the browser: the last chunk, then 'stop', after the current task.
    setTimeout(() => {
      this.emitChunk();
      this.dispatchEvent(new Event('stop'));
    }, 0);
  }
}

const track = { stop: vi.fn() };
const stream = { getTracks: () => [track] } as unknown as MediaStream;

function stubMicrophone(getUserMedia = vi.fn().mockResolvedValue(stream)) {
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  return getUserMedia;
}

/**
 * The server: pre-signed URLs named after the file, uploads, recordings. While `offline` > 0 every
 * request fails like a dropped connection does.
 */
function fakeServer(openJobs: OpenJob[] = []) {
  let presigned = 0;
  const server = {
    offline: 0,
    /** While true, every chunk PUT fails like a dropped connection (pre-signed URLs still work). */
    putsFail: false,
    stored: [] as string[],
    recordings: [] as RecordedCall[],
  };
  const { calls: all } = mockFetch((call) => {
    if (server.offline > 0) {
      server.offline -= 1;
      throw new TypeError('Failed to fetch');
    }
    const path = new URL(call.url, 'http://localhost').pathname;
    if (call.method === 'GET' && path === `/api/company/customer/${CUSTOMER_ID}/open-jobs`) {
      return jsonResponse(200, { data: openJobs });
    }
    if (call.method === 'POST' && path === '/api/data/pre-signed-url') {
      presigned += 1;
      const { file_name } = call.body as { file_name: string };
      const key = `recordings/u1/${presigned}-${file_name}`;
      return jsonResponse(200, {
        data: { upload_url: `/api/uploads/${key}?signature=s`, file_url: `/api/files/${key}` },
      });
    }
    if (call.method === 'PUT' && path.startsWith('/api/uploads/')) {
      if (server.putsFail) throw new TypeError('Failed to fetch');
      server.stored.push(path.split('-').slice(1).join('-'));
      return jsonResponse(200, { message: 'Uploaded.' });
    }
    if (call.method === 'POST' && path === '/api/company/recordings') {
      server.recordings.push(call);
      return jsonResponse(200, {
        data: {
          id: INTERACTION_ID,
          interaction_id: 'R-000101',
          type: 'field-recording',
          status: 'in-progress',
        },
      });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  // The upload calls, without the read of the open jobs.
  const uploadCalls = () => all.filter((call) => !call.url.endsWith('/open-jobs'));
  return { server, calls: all, uploadCalls };
}

function renderActions({
  consentMethod,
  doNotRecord = false,
}: { consentMethod?: ConsentMethod; doNotRecord?: boolean } = {}) {
  document.cookie = `${CSRF_COOKIE}=test-token; path=/`;
  const onCreated = vi.fn();
  renderPage(
    <RecordingActions
      customerId={CUSTOMER_ID}
      userId={USER_ID}
      doNotRecord={doNotRecord}
      onCreated={onCreated}
    />,
    {
      route: '/customers/:customerId',
      url: `/customers/${CUSTOMER_ID}`,
      // Without a signed-in user the default method applies: the technician's confirmation.
      user: consentMethod
        ? makeUser('field_team', { company: makeCompany({ consent_method: consentMethod }) })
        : undefined,
    },
  );
  return { onCreated };
}

/** The recorded notice, played when the user says (jsdom plays no audio). */
const notice = vi.hoisted(() => ({
  prepared: 0,
  stop: () => {},
  finish: (_played: boolean) => {},
}));
vi.mock('../lib/recording-notice', () => ({
  prepareRecordingNotice: () => {
    notice.prepared += 1;
    return {
      play: () =>
        new Promise<void>((resolve, reject) => {
          notice.finish = (played) => (played ? resolve() : reject(new Error('no audio')));
        }),
      stop: () => notice.stop(),
    };
  },
}));

beforeEach(() => {
  FakeMediaRecorder.instances = [];
  track.stop.mockClear();
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  for (const left of await listPendingRecordings(USER_ID, CUSTOMER_ID)) {
    await deletePendingRecording(left.id);
  }
});

/** Record Visit, then the required consent check and Start recording. */
async function confirmAndStart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Record Visit' }));
  await user.click(await screen.findByRole('checkbox', { name: CONSENT_MESSAGES.checkboxLabel }));
  await user.click(screen.getByRole('button', { name: 'Start recording' }));
}

/** Starts recording and returns the fake MediaRecorder. */
async function startRecording(user: ReturnType<typeof userEvent.setup>) {
  await confirmAndStart(user);
  await screen.findByRole('dialog', { name: 'Record Visit' });
  await waitFor(() => expect(FakeMediaRecorder.instances.length).toBeGreaterThan(0));
  return FakeMediaRecorder.instances.at(-1)!;
}

describe('Record Visit', () => {
  it('uploads chunks while recording, survives a dropped connection and saves them in order', async () => {
    stubMicrophone();
    const { server } = fakeServer();
    const { onCreated } = renderActions();
    const user = userEvent.setup();

    await confirmAndStart(user);
    const dialog = await screen.findByRole('dialog', { name: 'Record Visit' });
    await waitFor(() => expect(dialog).toHaveTextContent('Recording'));
    expect(screen.getByTestId('recording-elapsed')).toHaveTextContent('00:00');
    const recorder = FakeMediaRecorder.instances[0]!;
    expect(recorder.mimeType).toBe('audio/webm;codecs=opus');
    expect(recorder.timeslice).toBe(RECORDING_CHUNK_MS);

    act(() => recorder.emitChunk());
    await waitFor(() => expect(server.stored).toEqual(['chunk-0001.webm']));
    expect(screen.getByTestId('upload-status')).toHaveTextContent('1 of 1 parts uploaded');

    // The connection drops for the next two requests while two more chunks arrive.
    server.offline = 2;
    act(() => {
      recorder.emitChunk();
      recorder.emitChunk();
    });
    expect(await screen.findByText(/Connection problem, retrying/)).toBeInTheDocument();
    await waitFor(() => expect(server.offline).toBe(0));

    await user.click(screen.getByRole('button', { name: 'Stop & Save' }));
    expect(await screen.findByText(INTERACTION_MESSAGES.recordingSaved)).toBeInTheDocument();
    expect(onCreated).toHaveBeenCalledWith(INTERACTION_ID);

    // Every chunk stored exactly once, in recording order, and saved in that order.
    expect(server.stored).toEqual([
      'chunk-0001.webm',
      'chunk-0002.webm',
      'chunk-0003.webm',
      'chunk-0004.webm',
    ]);
    expect(server.recordings).toHaveLength(1);
    const body = server.recordings[0]!.body as {
      customer_id: string;
      file_urls: string[];
      started_at: string;
      consent: unknown;
    };
    expect(body.customer_id).toBe(CUSTOMER_ID);
    expect(body.consent).toEqual({ customer_agreed: true });
    expect(body.file_urls.map((url) => url.split('-').slice(1).join('-'))).toEqual(server.stored);
    expect(Number.isNaN(Date.parse(body.started_at))).toBe(false);
    expect(track.stop).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('discards the recording on Cancel and lets the microphone go', async () => {
    stubMicrophone();
    const { server } = fakeServer();
    renderActions();
    const user = userEvent.setup();
    await startRecording(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(track.stop).toHaveBeenCalled();
    expect(server.recordings).toHaveLength(0);
  });

  it('explains a refused microphone', async () => {
    stubMicrophone(vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')));
    fakeServer();
    renderActions();
    await confirmAndStart(userEvent.setup());
    expect(await screen.findByText(RECORDER_MESSAGES.micDenied)).toBeInTheDocument();
    expect(FakeMediaRecorder.instances).toHaveLength(0);
  });
});

// Backoff waits and the give-up bound run on fake time; IndexedDB (setImmediate) on real time.
const fakeClock = () =>
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });

/** Records two chunks while every chunk PUT fails, stops, and waits out the retries. */
async function recordThroughOutage(server: { putsFail: boolean }) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const recorder = await startRecording(user);
  server.putsFail = true;
  act(() => recorder.emitChunk());
  await user.click(screen.getByRole('button', { name: 'Stop & Save' }));
  await act(() => vi.advanceTimersByTimeAsync(UPLOAD_GIVE_UP_MS + 15_000));
  return user;
}

describe('Record Visit when uploads keep failing', () => {
  it("says 'Upload failed. Please try again.', keeps the audio, and Retry saves it", async () => {
    fakeClock();
    stubMicrophone();
    const { server } = fakeServer();
    const { onCreated } = renderActions();
    const user = await recordThroughOutage(server);

    const failed = await screen.findByTestId('upload-failed');
    expect(failed).toHaveTextContent(MESSAGES.uploadFailed);
    expect(failed).toHaveTextContent(RECORDER_MESSAGES.savedOnDevice);
    expect(server.stored).toEqual([]);

    server.putsFail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(INTERACTION_MESSAGES.recordingSaved)).toBeInTheDocument();
    expect(server.stored).toEqual(['chunk-0001.webm', 'chunk-0002.webm']);
    expect(server.recordings).toHaveLength(1);
    expect(onCreated).toHaveBeenCalledWith(INTERACTION_ID);
    // Saved on the server: nothing is left on the device.
    await waitFor(async () =>
      expect(await listPendingRecordings(USER_ID, CUSTOMER_ID)).toEqual([]),
    );
  });

  it('keeps the recording on the device after Close and finishes it later', async () => {
    fakeClock();
    stubMicrophone();
    const { server } = fakeServer();
    const view = renderActions();
    const user = await recordThroughOutage(server);
    await screen.findByTestId('upload-failed');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.onCreated).not.toHaveBeenCalled();

    const [kept] = await listPendingRecordings(USER_ID, CUSTOMER_ID);
    expect(kept).toMatchObject({ userId: USER_ID, customerId: CUSTOMER_ID, jobId: null });
    const chunks = await loadChunks(kept!.id);
    expect(chunks).toHaveLength(2);
    expect(chunks.every((chunk) => chunk.fileUrl === null && chunk.blob !== null)).toBe(true);
  });
});

describe('A recording left on the device', () => {
  async function keepRecording() {
    const id = '9d0c3f7e-1d2b-4c8e-9f55-0000000000aa';
    await savePendingRecording({
      id,
      userId: USER_ID,
      customerId: CUSTOMER_ID,
      jobId: JOB_A.id,
      startedAt: '2026-11-20T09:00:00.000Z',
      format: { mimeType: 'audio/webm;codecs=opus', extension: 'webm', contentType: 'audio/webm' },
    });
    // The first chunk reached the server before the connection dropped; the second did not.
    await saveChunk(id, 1, { blob: null, fileUrl: '/api/files/recordings/u1/0-chunk-0001.webm' });
    await saveChunk(id, 2, { blob: new Blob(['audio-2']), fileUrl: null });
    return id;
  }

  function renderPending() {
    document.cookie = `${CSRF_COOKIE}=test-token; path=/`;
    const onSaved = vi.fn();
    renderPage(<PendingRecordings userId={USER_ID} customerId={CUSTOMER_ID} onSaved={onSaved} />, {
      route: '/customers/:customerId',
      url: `/customers/${CUSTOMER_ID}`,
    });
    return { onSaved };
  }

  it('is offered after a reload and uploads only what the server lacks', async () => {
    await keepRecording();
    const { server } = fakeServer();
    const { onSaved } = renderPending();
    const offer = await screen.findByRole('region', { name: PENDING_RECORDING_MESSAGES.title });
    expect(offer).toHaveTextContent('Your recording is saved on this device');

    await userEvent.setup().click(within(offer).getByRole('button', { name: 'Finish uploading' }));
    expect(await screen.findByText(INTERACTION_MESSAGES.recordingSaved)).toBeInTheDocument();
    expect(server.stored).toEqual(['chunk-0002.webm']);
    const body = server.recordings[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ job_id: JOB_A.id, started_at: '2026-11-20T09:00:00.000Z' });
    expect(body).not.toHaveProperty('customer_id');
    expect((body.file_urls as string[])[0]).toBe('/api/files/recordings/u1/0-chunk-0001.webm');
    expect(onSaved).toHaveBeenCalledWith(INTERACTION_ID);
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
    expect(await listPendingRecordings(USER_ID, CUSTOMER_ID)).toEqual([]);
  });

  it('shows the failure with Retry when the upload still fails, and Discard forgets it', async () => {
    fakeClock();
    await keepRecording();
    const { server } = fakeServer();
    renderPending();
    const offer = await screen.findByRole('region', { name: PENDING_RECORDING_MESSAGES.title });
    server.putsFail = true;
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(offer).getByRole('button', { name: 'Finish uploading' }));
    await act(() => vi.advanceTimersByTimeAsync(UPLOAD_GIVE_UP_MS + 15_000));
    expect(await within(offer).findByRole('alert')).toHaveTextContent(MESSAGES.uploadFailed);
    expect(within(offer).getByRole('button', { name: 'Retry' })).toBeEnabled();

    await user.click(within(offer).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
    expect(await listPendingRecordings(USER_ID, CUSTOMER_ID)).toEqual([]);
    expect(server.recordings).toHaveLength(0);
  });
});

describe('The job of a recording', () => {
  it('asks which job when the customer has several open jobs and sends its job_id', async () => {
    stubMicrophone();
    const { server } = fakeServer([JOB_B, JOB_A]);
    renderActions();
    const user = userEvent.setup();
    const recorder = await startRecording(user);
    act(() => recorder.emitChunk());
    const stop = screen.getByRole('button', { name: 'Stop & Save' });
    const select = await screen.findByLabelText(JOB_SELECT_LABEL, {
      exact: false,
      selector: 'input',
    });
    expect(stop).toBeDisabled();

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'J-2002' }));
    await waitFor(() => expect(stop).toBeEnabled());
    await user.click(stop);
    expect(await screen.findByText(INTERACTION_MESSAGES.recordingSaved)).toBeInTheDocument();
    const body = server.recordings[0]!.body as Record<string, unknown>;
    expect(body.job_id).toBe(JOB_B.id);
    expect(body).not.toHaveProperty('customer_id');
  });

  it('uses the one open job without asking', async () => {
    stubMicrophone();
    const { server, calls } = fakeServer([JOB_A]);
    renderActions();
    const user = userEvent.setup();
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/open-jobs'))).toBe(true));
    const recorder = await startRecording(user);
    act(() => recorder.emitChunk());
    expect(
      screen.queryByLabelText(JOB_SELECT_LABEL, { exact: false, selector: 'input' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop & Save' }));
    await screen.findByText(INTERACTION_MESSAGES.recordingSaved);
    expect(server.recordings[0]!.body).toMatchObject({ job_id: JOB_A.id });
    expect(server.recordings[0]!.body).not.toHaveProperty('customer_id');
  });

  it('saves an uploaded file once its job is chosen', async () => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { server } = fakeServer([JOB_A, JOB_B]);
    renderActions();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Upload Audio' });
    // The jobs are known before the file is picked.
    await waitFor(() => expect(server.offline).toBe(0));
    await user.upload(
      screen.getByLabelText('Audio file'),
      new File(['RIFF'], 'visit.wav', { type: 'audio/wav' }),
    );
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.respond(200));
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(server.recordings).toHaveLength(0);
    await user.click(screen.getByLabelText(JOB_SELECT_LABEL, { exact: false, selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'J-2001' }));
    // Saving without the consent check says what is missing and saves nothing.
    await user.click(save);
    expect(await screen.findByText(CONSENT_MESSAGES.confirmationRequired)).toBeInTheDocument();
    expect(server.recordings).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: CONSENT_MESSAGES.checkboxLabel }));
    await user.click(save);
    await screen.findByText(INTERACTION_MESSAGES.recordingSaved);
    expect(server.recordings[0]!.body).toMatchObject({ job_id: JOB_A.id });
  });
});

class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  status = 0;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number) {
    this.status = status;
    this.onload?.();
  }
}

describe('Upload Audio', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('uploads the file with a progress bar and saves it as a recording', async () => {
    const { server, uploadCalls } = fakeServer();
    const { onCreated } = renderActions();
    const user = userEvent.setup();
    const file = new File(['ID3 audio'], 'visit.mp3', { type: 'audio/mpeg' });

    await user.upload(screen.getByLabelText('Audio file'), file);
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(uploadCalls()[0]?.body).toEqual({ file_name: 'visit.mp3', folder: 'recordings' });
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/api/uploads/recordings/u1/1-visit.mp3?signature=s');
    expect(xhr.headers['Content-Type']).toBe('audio/mpeg');
    expect(xhr.body).toBe(file);

    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    act(() => xhr.progress(40, 100));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText(`${RECORDING_FILE_MESSAGES.uploading} (40%)`)).toBeInTheDocument();

    // Confirmed while the file uploads: it is saved as soon as it is stored.
    await user.click(screen.getByRole('checkbox', { name: CONSENT_MESSAGES.checkboxLabel }));
    act(() => xhr.respond(200));
    expect(await screen.findByText(INTERACTION_MESSAGES.recordingSaved)).toBeInTheDocument();
    expect(onCreated).toHaveBeenCalledWith(INTERACTION_ID);
    expect(server.recordings[0]?.body).toMatchObject({
      customer_id: CUSTOMER_ID,
      file_urls: ['/api/files/recordings/u1/1-visit.mp3'],
      consent: { source: 'upload', customer_agreed: true },
    });
  });

  it('refuses other file types and files over the size limit', async () => {
    const { uploadCalls } = fakeServer();
    renderActions();
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Audio file');

    await user.upload(input, new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('The file type must be one of: .mp3, .m4a, .wav, .webm, .ogg'),
    ).toBeInTheDocument();

    const huge = new File(['x'], 'long.wav', { type: 'audio/wav' });
    Object.defineProperty(huge, 'size', { value: 500_000_001 });
    await user.upload(input, huge);
    expect(
      await screen.findByText('The file size must not be greater than 500Mb'),
    ).toBeInTheDocument();
    expect(uploadCalls()).toHaveLength(0);
  });

  it('offers Retry after a failed upload without sending the file twice', async () => {
    const { server } = fakeServer();
    const { onCreated } = renderActions();
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText('Audio file'),
      new File(['RIFF'], 'visit.wav', { type: 'audio/wav' }),
    );
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    await user.click(screen.getByRole('checkbox', { name: CONSENT_MESSAGES.checkboxLabel }));
    // The file is stored; saving the recording then fails once.
    server.offline = 1;
    act(() => FakeXhr.last!.respond(200));
    expect(await screen.findByText(/something went wrong/i)).toBeInTheDocument();

    const xhr = FakeXhr.last;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(INTERACTION_MESSAGES.recordingSaved)).toBeInTheDocument();
    expect(FakeXhr.last).toBe(xhr);
    expect(onCreated).toHaveBeenCalledWith(INTERACTION_ID);
  });
});

describe('Consent before recording', () => {
  it('keeps Start recording blocked, with the message, until the customer’s consent is ticked', async () => {
    const getUserMedia = stubMicrophone();
    const { server } = fakeServer();
    renderActions({ consentMethod: 'confirmation' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record Visit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Visit' });
    const check = within(dialog).getByRole('checkbox', { name: CONSENT_MESSAGES.checkboxLabel });
    expect(check).toBeRequired();
    expect(check).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Start recording' }));
    expect(await within(dialog).findByText(CONSENT_MESSAGES.confirmationRequired)).toBeVisible();
    expect(check).toHaveAccessibleDescription(CONSENT_MESSAGES.confirmationRequired);
    expect(await blockingViolations(dialog)).toEqual([]);
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(FakeMediaRecorder.instances).toHaveLength(0);

    await user.click(check);
    expect(within(dialog).queryByText(CONSENT_MESSAGES.confirmationRequired)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Start recording' }));
    await waitFor(() => expect(FakeMediaRecorder.instances).toHaveLength(1));
    expect(notice.prepared).toBe(0);
    act(() => FakeMediaRecorder.instances[0]!.emitChunk());
    await user.click(await screen.findByRole('button', { name: 'Stop & Save' }));
    await screen.findByText(INTERACTION_MESSAGES.recordingSaved);
    expect(server.recordings[0]!.body).toMatchObject({ consent: { customer_agreed: true } });
  });

  it('plays the notice at the start when the method is the notice, with no check to tick', async () => {
    notice.prepared = 0;
    stubMicrophone();
    const { server } = fakeServer();
    renderActions({ consentMethod: 'notice' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record Visit' }));
    await waitFor(() => expect(FakeMediaRecorder.instances).toHaveLength(1));
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(notice.prepared).toBe(1);
    // The customer hears the whole notice before the visit can be saved.
    expect(await screen.findByText(CONSENT_MESSAGES.noticePlaying)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop & Save' })).toBeDisabled();
    act(() => notice.finish(true));
    await waitFor(() => expect(screen.queryByText(CONSENT_MESSAGES.noticePlaying)).toBeNull());
    act(() => FakeMediaRecorder.instances[0]!.emitChunk());
    await user.click(screen.getByRole('button', { name: 'Stop & Save' }));
    await screen.findByText(INTERACTION_MESSAGES.recordingSaved);
    expect((server.recordings[0]!.body as { consent: unknown }).consent).toEqual({
      notice_played: true,
      notice_version: CONSENT_NOTICE_VERSION,
    });
  });

  it('asks for both under the method both, and keeps nothing when the notice cannot play', async () => {
    stubMicrophone();
    const { server } = fakeServer();
    renderActions({ consentMethod: 'both' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record Visit' }));
    expect(await screen.findByText(/A short recorded notice will play/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: CONSENT_MESSAGES.checkboxLabel }));
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await waitFor(() => expect(FakeMediaRecorder.instances).toHaveLength(1));
    act(() => notice.finish(false));
    expect(await screen.findByText(CONSENT_MESSAGES.noticeFailed)).toBeInTheDocument();
    expect(track.stop).toHaveBeenCalled();
    await waitFor(async () =>
      expect(await listPendingRecordings(USER_ID, CUSTOMER_ID)).toEqual([]),
    );
    expect(server.recordings).toHaveLength(0);
  });
});

describe('A customer who asked not to be recorded', () => {
  it('has Record Visit and Upload Audio off, each saying why', async () => {
    const getUserMedia = stubMicrophone();
    const { uploadCalls } = fakeServer();
    renderActions({ doNotRecord: true });
    const user = userEvent.setup();
    for (const name of ['Record Visit', 'Upload Audio']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(CONSENT_MESSAGES.doNotRecord);
      await user.click(button);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByLabelText('Audio file')).toBeNull();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(uploadCalls()).toHaveLength(0);
    // The tooltip says it too, on hover and on focus.
    await user.hover(screen.getByRole('button', { name: 'Record Visit' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(CONSENT_MESSAGES.doNotRecord);
    expect(await blockingViolations()).toEqual([]);
  });
});
