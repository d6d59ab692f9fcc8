/**
 * The carousel call for the lobby: GET /promotions/carousel through the API client and SWR, which
 * revalidates on focus and reconnect. `enabled` false keeps it from asking (before first paint).
 */
import { PROMO_API_PATHS, PromoSlidesAnswerSchema } from '../../contract/promo-carousel.ts';
import { useApiGet } from '../../lib/swr.tsx';

export interface CarouselSlidesState {
  /** The slides as answered (checked one by one by the carousel), or undefined until the answer. */
  slides: readonly unknown[] | undefined;
  /** The call failed (offline, server error) and nothing has been answered. */
  failed: boolean;
}

export function useCarouselSlides(enabled: boolean): CarouselSlidesState {
  // A carousel that cannot load simply stays as it was: no error dialog over the lobby.
  const { data, error } = useApiGet(enabled ? PROMO_API_PATHS.carousel : null, PromoSlidesAnswerSchema, {
    handleErrors: false,
  });
  return { slides: data?.results, failed: !data && Boolean(error) };
}
