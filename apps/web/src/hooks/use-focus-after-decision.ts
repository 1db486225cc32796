import { useRef } from 'react';

/**
 * For a dialog whose decision removes the button that opened it (a held order leaving the review queue, a
 * claim that is no longer open): after a decision the focus goes where the screen says instead of back to
 * a trigger that is about to disappear. Pass `onCloseAutoFocus` to the dialog and call `markDecided` on
 * success.
 */
export function useFocusAfterDecision(focusAfter: () => void) {
  const decided = useRef(false);
  return {
    markDecided: () => {
      decided.current = true;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!decided.current) return;
      decided.current = false;
      event.preventDefault();
      focusAfter();
    },
  };
}
