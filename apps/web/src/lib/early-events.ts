/*
 * The moment between a server-rendered page's first paint and the app taking it over (docs/decisions/034):
 * what the visitor does then is not lost.
 */

/** Marks a link whose click the app handles otherwise than by following it (the splash's way in). */
export const APP_ACTION = 'data-app-action';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const shownIn = (field: Field): string | boolean =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
    ? field.checked
    : field.value;

/**
 * Gives the app a field's value that was typed (or picked) before the app ran: React keeps what the field
 * shows but knows nothing of it, so the value is set back through the page's own setter (React's record
 * of it then differs) and announced as the browser would.
 */
export function replayEdit(field: Field, shown: string | boolean): void {
  if (field instanceof HTMLSelectElement) {
    field.value = String(shown);
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    // React reads a box's change from a click event: one that does not tick it again.
    const checked = shown === true;
    field.checked = !checked;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set?.call(field, checked);
    field.dispatchEvent(new Event('click', { bubbles: true }));
    return;
  }
  const typed = String(shown);
  const setNative = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  field.value = typed === '' ? ' ' : '';
  setNative?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Until the app runs the page, its buttons (and app-handled links) cannot answer and its fields are not
 * read: a click is held and given again once the app is there, and what was typed is handed over, so
 * nothing done early is lost. Plain links work as links.
 */
export function holdEarlyEvents(root: HTMLElement): (ready: Promise<unknown>) => void {
  const inRoot = (element: Element | null) => root.contains(element);
  const held: HTMLElement[] = [];
  const edited = new Set<Field>();
  const hold = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest<HTMLElement>(`button, [${APP_ACTION}]`);
    if (!target || !inRoot(target)) return;
    event.preventDefault();
    event.stopPropagation();
    if (!held.includes(target)) held.push(target);
  };
  const note = (event: Event) => {
    const target = event.target as Element | null;
    if (
      inRoot(target) &&
      (target instanceof HTMLInputElement ||
        target instanceof HTMLTextAreaElement ||
        target instanceof HTMLSelectElement)
    )
      edited.add(target);
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('input', note, true);
  document.addEventListener('change', note, true);
  // Once the app runs, the edits and the held clicks are given to it; should it fail to start, held
  // links are followed.
  const release = (live: boolean) => {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('input', note, true);
    document.removeEventListener('change', note, true);
    // What the fields show is read first: React puts a controlled field back when it renders again.
    const shown = [...edited].map((field) => [field, shownIn(field)] as const);
    if (live) for (const [field, value] of shown) if (field.isConnected) replayEdit(field, value);
    for (const element of held) {
      if (!element.isConnected) continue;
      if (live) element.click();
      else if (element instanceof HTMLAnchorElement) window.location.assign(element.href);
    }
  };
  return (ready) => {
    // `ready` resolves after the effects of the first render (a carousel's, a form's) have run.
    ready.then(
      () => release(true),
      () => release(false),
    );
  };
}
