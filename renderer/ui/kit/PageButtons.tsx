/**
 * The buttons that go a page back and a page on through a list the server pages, with what the
 * screen says of the page between them.
 */
import type { ComponentChildren } from 'preact';

export interface PageButtonsProps {
  page: number;
  /** No page after this one (the server answered a short or the last page). */
  last: boolean;
  onPage: (page: number) => void;
  back?: string;
  forward?: string;
  /** The toolbar's name, for a screen with more than one. */
  label?: string;
  buttonClass?: string;
  /** Shown between the buttons: the page's number. */
  children?: ComponentChildren;
}

export function PageButtons(props: PageButtonsProps) {
  const buttonClass = props.buttonClass ?? 'button button-quiet';
  return (
    <div class="manage-toolbar" aria-label={props.label}>
      <button
        type="button"
        class={buttonClass}
        disabled={props.page <= 1}
        onClick={() => {
          props.onPage(props.page - 1);
        }}
      >
        {props.back ?? 'Newer'}
      </button>
      {props.children}
      <button
        type="button"
        class={buttonClass}
        disabled={props.last}
        onClick={() => {
          props.onPage(props.page + 1);
        }}
      >
        {props.forward ?? 'Older'}
      </button>
    </div>
  );
}
