/**
 * A dialog's close handler (Radix's onCloseAutoFocus): the focus goes back to what opened the
 * dialog, unless a key pressed since it closed (`/` for the search box) has already put it
 * somewhere. Radix moves the focus a moment after the dialog has gone, and would otherwise take
 * it from under the member's typing.
 */
export function returnFocus(event: Event, opener: HTMLElement | null): void {
  event.preventDefault();
  const now = document.activeElement;
  if (now && now !== document.body) return;
  if (opener?.isConnected) opener.focus();
}
