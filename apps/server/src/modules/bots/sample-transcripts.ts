import { joinSegments, type SampleTranscript } from '@fieldbot/shared';
import { loadDemoClips } from '../../lib/demo-clips.js';

let samples: SampleTranscript[] | undefined;

/** The demo clips as test-run samples (id = the clip's file name); read from disk once. */
export function demoSampleTranscripts(): SampleTranscript[] {
  samples ??= loadDemoClips().map((clip) => ({
    id: clip.file,
    title: clip.title,
    type: clip.type,
    call_type: clip.call_type,
    transcript: joinSegments(clip.segments),
    segments: clip.segments.map(({ start, end, speaker, text }) => ({ start, end, speaker, text })),
  }));
  return samples;
}
