import { useEffect, useState } from 'react';

/** How often the meter redraws; the analyser itself runs every animation frame. */
const UPDATE_MS = 100;

/**
 * The microphone's loudness (0..1, RMS scaled) for a level meter; null where Web Audio is missing.
 * Only reads the stream: it does not touch what is recorded.
 */
export function useLevelMeter(stream: MediaStream | null): number | null {
  const [level, setLevel] = useState<number | null>(null);

  useEffect(() => {
    if (!stream || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    // Created after the microphone prompt, it may start suspended under the autoplay policy.
    void context.resume().catch(() => undefined);
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    let last = 0;
    const tick = (now: number) => {
      if (now - last >= UPDATE_MS) {
        last = now;
        analyser.getByteTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
        // Speech sits around 0.05–0.3 RMS; ×3 makes normal speech fill most of the bar.
        setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 3));
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close();
    };
  }, [stream]);

  return stream ? level : null;
}
