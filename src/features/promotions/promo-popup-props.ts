/** Reads the promo pop-up dialog's props ({ popup: { name, cdn_image, button_text, button_location } }) defensively. */
export interface PromoPopupView {
  name: string;
  cdn_image: string | null;
  image_alt: string;
  image_width: number | null;
  image_height: number | null;
  button_text: string;
  button_location: string;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const side = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 4000 ? v : null;

/** The pop-up to show, or null when the props hold none (name, button text and destination are required). */
export function readPromoPopup(props: Record<string, unknown>): PromoPopupView | null {
  const p = props.popup;
  if (typeof p !== 'object' || p === null) return null;
  const r = p as Record<string, unknown>;
  const name = text(r.name);
  const buttonText = text(r.button_text);
  const location = text(r.button_location);
  if (!name || !buttonText || !location) return null;
  return {
    name,
    cdn_image: text(r.cdn_image),
    image_alt: typeof r.image_alt === 'string' ? r.image_alt : '',
    image_width: side(r.image_width),
    image_height: side(r.image_height),
    button_text: buttonText,
    button_location: location,
  };
}
