/**
 * The rules an operator's pop-up or slide must meet before it is stored (docs/promotions.md):
 * the button opens an in-app page of the route table, a Sweeps-only page only for the Sweeps
 * audience; the image is a file of the promotions folder with its alt text and size; the window
 * ends after it starts. Text fields are trimmed and must not be blank. Each refusal is a 400
 * naming the field.
 */
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import {
  isSweepsOnlyLocation,
  PROMO_ERROR_CODES,
  promoImageProblem,
  promoLocationProblem,
  type PromoPopupInput,
  type PromoSlideInput,
} from '../../../src/contract/promotions.ts';
import { ApiError, type ApiErrorCode } from '../../http/api-error.ts';
import type { PromoFields } from './promo-store.ts';

const refuse = (code: ApiErrorCode, message: string, field: string): never => {
  throw new ApiError(400, code, message, field);
};

function text(value: string, field: string, label: string): string {
  const t = value.trim();
  if (!t) refuse(ERROR_CODES.VALIDATION_ERROR, `${label} must not be blank.`, field);
  return t;
}

function instant(value: string, field: string): string {
  // ISO 8601 with a time and a zone (what the console sends): no locale-dependent formats.
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  // The calendar day must exist (Date.parse rolls 2030-02-31 over into March).
  const dayExists =
    m !== null &&
    Number(m[3]) >= 1 &&
    Number(m[3]) <= new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate();
  const ms = dayExists && Number(m[4]) < 24 && Number(m[5]) < 60 ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms))
    refuse(
      PROMO_ERROR_CODES.INVALID_PROMO_SCHEDULE,
      'Give the time as an ISO date and time with its zone.',
      field,
    );
  return new Date(ms).toISOString();
}

/** Checks a body and answers the row's fields; `nowMs` is the start when none is given. */
export function promoFieldsOf(input: PromoPopupInput | PromoSlideInput, nowMs: number): PromoFields {
  const name = text(input.name, 'name', 'The name');
  const buttonText = text(input.button_text, 'button_text', 'The button text');
  const location = input.button_location.trim();
  const locationProblem = promoLocationProblem(location);
  if (locationProblem) refuse(PROMO_ERROR_CODES.INVALID_PROMO_LOCATION, locationProblem, 'button_location');
  if (input.audience === 'all' && isSweepsOnlyLocation(location))
    refuse(
      PROMO_ERROR_CODES.INVALID_PROMO_LOCATION,
      `${location} is a Sweeps page: choose the audience "Sweeps players" for it.`,
      'audience',
    );

  const image = input.cdn_image?.trim() || null;
  let alt = (input.image_alt ?? '').trim();
  let width: number | null = null;
  let height: number | null = null;
  if (image !== null) {
    const imageProblem = promoImageProblem(image);
    if (imageProblem) refuse(PROMO_ERROR_CODES.INVALID_PROMO_IMAGE, imageProblem, 'cdn_image');
    if (!alt)
      refuse(
        PROMO_ERROR_CODES.INVALID_PROMO_IMAGE,
        'Describe the image for screen readers (alt text).',
        'image_alt',
      );
    if (input.image_width == null)
      refuse(PROMO_ERROR_CODES.INVALID_PROMO_IMAGE, 'Give the image width in pixels.', 'image_width');
    if (input.image_height == null)
      refuse(PROMO_ERROR_CODES.INVALID_PROMO_IMAGE, 'Give the image height in pixels.', 'image_height');
    width = input.image_width!;
    height = input.image_height!;
  } else {
    alt = '';
  }

  const from = input.active_from ? instant(input.active_from, 'active_from') : new Date(nowMs).toISOString();
  const until = input.active_until ? instant(input.active_until, 'active_until') : null;
  if (until !== null && Date.parse(until) <= Date.parse(from))
    refuse(PROMO_ERROR_CODES.INVALID_PROMO_SCHEDULE, 'The end must be after the start.', 'active_until');

  const slide = 'headline' in input ? input : null;
  return {
    name,
    headline: slide ? text(slide.headline, 'headline', 'The headline') : '',
    body: slide?.body?.trim() ?? '',
    cdn_image: image,
    image_alt: alt,
    image_width: width,
    image_height: height,
    button_text: buttonText,
    button_location: location,
    audience: input.audience,
    active: input.active ?? true,
    active_from: from,
    active_until: until,
  };
}
