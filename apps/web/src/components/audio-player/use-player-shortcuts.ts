import { useEffect, useEffectEvent } from 'react';

interface PlayerActions {
  togglePlay: () => void;
  back: () => void;
  forward: () => void;
}

/** Elements whose own keys (typing, activating, moving a selection) must win over the player's. */
const INTERACTIVE =
  'input, textarea, select, button, a[href], summary, [contenteditable]:not([contenteditable="false"]), ' +
  '[role="button"], [role="link"], [role="slider"], [role="textbox"], [role="combobox"], ' +
  '[role="listbox"], [role="option"], [role="tab"], [role="menuitem"], [role="checkbox"], ' +
  '[role="radio"], [role="switch"], [role="dialog"]';

/**
 * Space toggles play and ←/→ seek 5 s when the player has focus (arrows also on its buttons; Space
 * there presses the focused button), or anywhere on the page when nothing that uses those keys has
 * focus (no field, button, link or open dialog). Never with a modifier key.
 */
export function shortcutApplies(event: KeyboardEvent, region: HTMLElement | null): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return false;
  // Shift with the arrows extends a text selection (caret browsing, e.g. to mark transcript words).
  if (event.shiftKey) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (!target || target === document.body || target === document.documentElement) return true;
  if (target === region) return true;
  if (region?.contains(target) && event.key !== ' ' && target.closest('button')) return true;
  return target.closest(INTERACTIVE) === null;
}

export function usePlayerShortcuts(
  region: HTMLElement | null,
  enabled: boolean,
  actions: PlayerActions,
): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!shortcutApplies(event, region)) return;
    if (event.key === ' ' || event.code === 'Space') {
      event.preventDefault();
      if (!event.repeat) actions.togglePlay();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      actions.back();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      actions.forward();
    }
  });

  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
}
