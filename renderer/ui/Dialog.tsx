/** A modal dialog (the native `<dialog>`): keeps the focus inside, closes with Escape. */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export function Dialog(props: { label: string; onClose: () => void; children: ComponentChildren; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  // The latest onClose, read when Escape is pressed: a new function on every render of the caller
  // must not close and reopen the dialog, which would throw the focus back to its first field.
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return undefined;
    if (!dialog.open) dialog.showModal();
    const cancel = (event: Event): void => {
      event.preventDefault();
      onClose.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
    };
  }, []);
  return (
    <dialog ref={ref} class={props.wide === true ? 'dialog dialog-wide' : 'dialog'} aria-label={props.label}>
      {props.children}
    </dialog>
  );
}
