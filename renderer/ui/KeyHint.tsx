/** A shortcut key on the face of its button ("Pay F8"); hidden from screen readers, which read `aria-keyshortcuts`. */
export function KeyHint(props: { shortcut: string }) {
  return (
    <kbd class="key-hint" aria-hidden="true">
      {props.shortcut}
    </kbd>
  );
}
