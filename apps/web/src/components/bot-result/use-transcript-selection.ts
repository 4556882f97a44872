import { useEffect, useState } from 'react';
import { rangeOffsets, wholeWords, type TranscriptSpan } from './missed-marks';

export interface SelectedWords extends TranscriptSpan {
  text: string;
}

/**
 * The words last selected in the transcript rendered inside `root`, as transcript offsets (whole
 * words). They stay chosen when the page's selection goes away or collapses elsewhere: pressing a
 * button does that (a phone drops the selection on any tap, and does not focus the button), and
 * the toolbar acting on the words must outlive it. A click in the transcript or another selection
 * drops them.
 */
export function useTranscriptSelection(root: HTMLElement | null, transcript: string) {
  const [selected, setSelected] = useState<SelectedWords | null>(null);

  useEffect(() => {
    if (!root) return;
    const onChange = () => {
      const selection = document.getSelection();
      if (!selection || selection.rangeCount === 0) return;
      const range = selection.getRangeAt(0);
      const inTranscript = range.intersectsNode(root);
      if (range.collapsed) {
        if (inTranscript) setSelected(null);
        return;
      }
      const offsets = inTranscript ? rangeOffsets(root, range) : null;
      const words = offsets && wholeWords(transcript, offsets);
      setSelected(words ? { ...words, text: transcript.slice(words.start, words.end) } : null);
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [root, transcript]);

  return { selected, clear: () => setSelected(null) };
}
