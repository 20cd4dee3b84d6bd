/**
 * Where the focus goes back when a dialog closes: the element that opened it. Radix returns focus to
 * its own Trigger only; these dialogs open from several places (header, forms, cards), so the opener
 * is remembered when they open.
 */
export function rememberOpener(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** For Radix's onCloseAutoFocus: focus the opener if it is still on the page. */
export function returnFocusTo(opener: HTMLElement | null) {
  return (event: Event) => {
    if (opener?.isConnected) {
      event.preventDefault();
      opener.focus();
    }
  };
}
