/** A modal dialog (the native `<dialog>`): keeps the focus inside, closes with Escape. */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export function Dialog(props: { label: string; onClose: () => void; children: ComponentChildren; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { onClose } = props;
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return undefined;
    if (!dialog.open) dialog.showModal();
    const cancel = (event: Event): void => {
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
    };
  }, [onClose]);
  return (
    <dialog ref={ref} class={props.wide === true ? 'dialog dialog-wide' : 'dialog'} aria-label={props.label}>
      {props.children}
    </dialog>
  );
}
