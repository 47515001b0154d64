/**
 * A dialog (the native `<dialog>`), closed with Escape. Modal, it keeps the focus inside; `aside`, it
 * stands beside the page, which stays in reach (the receipt of a sale, beside the next customer's tiles).
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export function Dialog(props: { label: string; onClose: () => void; children: ComponentChildren; wide?: boolean; aside?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  // The latest onClose, read when Escape is pressed: a new function on every render of the caller
  // must not close and reopen the dialog, which would throw the focus back to its first field.
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return undefined;
    const aside = props.aside === true;
    if (!dialog.open) {
      if (aside) dialog.show();
      else dialog.showModal();
    }
    const cancel = (event: Event): void => {
      event.preventDefault();
      onClose.current();
    };
    // Only a modal dialog hears Escape as a cancel: beside the page, the key is taken here.
    const escape = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') cancel(event);
    };
    dialog.addEventListener('cancel', cancel);
    if (aside) dialog.addEventListener('keydown', escape);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      dialog.removeEventListener('keydown', escape);
      if (dialog.open) dialog.close();
    };
  }, []);
  const classes = ['dialog', props.wide === true ? 'dialog-wide' : '', props.aside === true ? 'dialog-aside' : ''].filter((name) => name !== '');
  return (
    <dialog ref={ref} class={classes.join(' ')} aria-label={props.label}>
      {props.children}
    </dialog>
  );
}
