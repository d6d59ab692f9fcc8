/** Moves keyboard (and screen-reader) focus to a form control by its name, e.g. the first invalid field. */
export function focusField(form: HTMLFormElement | null, name: string): void {
  const el = form?.elements.namedItem(name);
  if (el instanceof HTMLElement) el.focus();
  else if (el instanceof RadioNodeList) (el[0] as HTMLElement | undefined)?.focus();
}
