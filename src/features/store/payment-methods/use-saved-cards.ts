import { CardsResponseSchema, PAYMENTS_API_PATHS } from '../../../contract/payment-pages.ts';
import { useApiGet } from '../../../lib/swr.tsx';
import { setSavedCards } from '../../../state/payment-selection.ts';
import { useEffect } from 'react';

/** The player's saved cards (SWR; also kept in the payment slice's paymentMethods). */
export function useSavedCards() {
  const query = useApiGet(PAYMENTS_API_PATHS.cards, CardsResponseSchema, { handleErrors: false });
  useEffect(() => {
    if (query.data) setSavedCards(query.data.results);
  }, [query.data]);
  return query;
}
