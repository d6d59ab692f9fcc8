/**
 * Profile pictures: the type is judged from the file's first bytes (never its name or declared
 * type), then the image is decoded and re-encoded by sharp (libvips, shipped prebuilt inside its
 * npm packages: no download at install) as a 256x256 WebP. Re-encoding keeps no metadata (EXIF,
 * GPS, ICC) and no bytes of the upload; the EXIF orientation is applied first so a phone photo
 * stays upright. Decoding is capped in pixels so a small file cannot expand into gigabytes.
 */
import sharp from 'sharp';
import { ACCOUNT_ERROR_CODES, ACCOUNT_TEXTS, AVATAR_SIZE_PX } from '../../../src/contract/account.ts';
import { ApiError } from '../../http/api-error.ts';

export type SniffedImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** The largest decoded image taken, in pixels: a small file may not expand into gigabytes of memory. */
export const AVATAR_MAX_INPUT_PIXELS = 50_000_000;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

/** The image type the bytes begin with, or null when they are none of JPEG, PNG or WebP. */
export function sniffImageType(bytes: Uint8Array): SniffedImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF <size> WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

const SHARP_FORMAT: Record<SniffedImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export interface EncodedAvatar {
  contentType: 'image/webp';
  bytes: Buffer;
}

const unreadable = () =>
  new ApiError(400, ACCOUNT_ERROR_CODES.IMAGE_UNREADABLE, ACCOUNT_TEXTS.imageUnreadable, 'avatar');

/** Checks and re-encodes one upload; throws 400 IMAGE_TYPE_NOT_ALLOWED / IMAGE_UNREADABLE. */
export async function reencodeAvatar(bytes: Uint8Array): Promise<EncodedAvatar> {
  const type = sniffImageType(bytes);
  if (!type)
    throw new ApiError(400, ACCOUNT_ERROR_CODES.IMAGE_TYPE_NOT_ALLOWED, ACCOUNT_TEXTS.imageType, 'avatar');
  const input = sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  try {
    const meta = await input.metadata();
    // libvips detects the format from the bytes too: both must agree (a polyglot file is refused).
    if (meta.format !== SHARP_FORMAT[type]) throw unreadable();
    const out = await input
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
    return { contentType: 'image/webp', bytes: out };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unreadable();
  }
}
