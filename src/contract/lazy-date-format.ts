/**
 * An en-US Intl.DateTimeFormat made on its first use rather than when its module loads: the first
 * Intl object a page creates makes the browser load its locale data (12-27 ms measured on a desktop,
 * several times that on a phone), which should not hold up the app's start when no date is shown.
 */
export function lazyDateTimeFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('en-US', options));
}
