import { createReadStream } from 'node:fs';
import path from 'node:path';
import { DEMO_AUDIO_DIR, loadDemoClips, type DemoClip } from '../../../lib/demo-clips.js';
import { CrmError, type CrmRecording } from '../crm-provider.js';

/** The shipped CSR-call clips the demo CRM's calls point at, by their call type. */
export interface DemoCallClips {
  booked: DemoClip[];
  unbooked: DemoClip[];
}

export function loadDemoCallClips(): DemoCallClips {
  const calls = loadDemoClips().filter((clip) => clip.type === 'csr-call');
  const clips = {
    booked: calls.filter((clip) => clip.call_type === 'Booked'),
    unbooked: calls.filter((clip) => clip.call_type === 'Unbooked'),
  };
  if (clips.booked.length === 0 || clips.unbooked.length === 0) {
    throw new Error('The demo audio has no Booked or no Unbooked CSR-call clip.');
  }
  return clips;
}

/**
 * A call's recording: its recordingRef is a clip's file name, looked up among the clips (never
 * joined to a path as given, so a ref can't reach outside the demo audio folder).
 */
export function openDemoRecording(clips: DemoCallClips, recordingRef: string): CrmRecording {
  const clip = [...clips.booked, ...clips.unbooked].find((c) => c.file === recordingRef);
  if (!clip) throw new CrmError(`The demo CRM has no recording "${recordingRef}".`, false);
  return {
    body: createReadStream(path.join(DEMO_AUDIO_DIR, clip.file)),
    contentType: clip.content_type,
  };
}
