/**
 * The phone field's text, formatted as (xxx) xxx-xxxx 300 ms after the last keystroke (spec
 * section 9), so typing is never fought mid-number. `formatNow` formats at once (on submit).
 */
import { useEffect, useState } from 'react';
import { formatUsPhone, PHONE_FORMAT_DEBOUNCE_MS } from '../../contract/mobile-verification.ts';

export function useDebouncedPhoneFormat(): {
  value: string;
  setValue: (next: string) => void;
  formatNow: () => string;
} {
  const [value, setValue] = useState('');
  useEffect(() => {
    const formatted = formatUsPhone(value);
    // Only digits and formatting are kept; a stray letter waits for the player to fix it.
    if (formatted === value || /[^\d\s()+.-]/.test(value)) return;
    const timer = setTimeout(() => setValue(formatted), PHONE_FORMAT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const formatNow = () => {
    const formatted = /[^\d\s()+.-]/.test(value) ? value : formatUsPhone(value);
    setValue(formatted);
    return formatted;
  };
  return { value, setValue, formatNow };
}
