/**
 * The till's keyboard shortcuts: function keys, which type nothing, so they work from the search box
 * (where a cashier's hands are) and never land in a field's text. Each control that has one carries
 * `data-shortcut="F8"` and shows the key on its face; the key presses that control. A key does nothing
 * while a dialog is open (its own fields and buttons are in use then) or while the focus is in any
 * field other than the search box, and nothing when its control is missing or disabled; the keys
 * between screens (Sell, Drawer) work from any field, since leaving a screen types nothing into it.
 */
export const SHORTCUTS = {
  sell: 'F1',
  search: 'F2',
  quantity: 'F3',
  discount: 'F4',
  park: 'F6',
  void: 'F7',
  pay: 'F8',
  lock: 'F9',
  drawer: 'F10',
} as const;

const KEYS = new Set<string>(Object.values(SHORTCUTS));
const SCREEN_KEYS = new Set<string>([SHORTCUTS.sell, SHORTCUTS.drawer]);

/** The field where typing leaves the shortcuts on: the product search. */
const SEARCH_FIELD_ID = 'search-input';

function typingInField(active: Element | null): boolean {
  if (active === null || active.id === SEARCH_FIELD_ID) return false;
  return (
    active instanceof HTMLInputElement ||
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement ||
    (active as HTMLElement).isContentEditable
  );
}

/** Presses the control of a shortcut key; answers whether the key was the till's. */
export function pressShortcut(key: string, doc: Document): boolean {
  if (!KEYS.has(key)) return false;
  if (doc.querySelector('dialog[open]') !== null || (typingInField(doc.activeElement) && !SCREEN_KEYS.has(key))) return false;
  const target = doc.querySelector<HTMLElement>(`[data-shortcut="${key}"]`);
  if (target === null) return true;
  if (target instanceof HTMLInputElement) {
    target.focus();
    target.select();
  } else if (!(target as HTMLButtonElement).disabled) {
    target.click();
  }
  return true;
}

/** Listens for the shortcut keys on the whole window. */
export function installShortcuts(win: Window): void {
  win.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey || event.shiftKey || event.repeat) return;
    // The browser's own use of the key (find next, caret browsing...) gives way to the till's.
    if (pressShortcut(event.key, win.document)) event.preventDefault();
  });
}
