/**
 * The promo pop-up (spec sections 2-4): the promotion's image, its name as the title and one
 * button to its button_location. Close result { closed: true }, whether the player followed the
 * button or dismissed it; it also closes when the player navigates (CLOSE_ON_NAVIGATION).
 * A destination that is not an in-app page (refused by the server already) shows no button.
 */
import { css } from '@linaria/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { promoLocationProblem } from '../../contract/promotions.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';
import { readPromoPopup } from './promo-popup-props.ts';

const figure = css`
  margin: 0 0 var(--space-3);
  border-radius: var(--radius-md);
  overflow: hidden;
  background: var(--color-surface-2);
  & img {
    display: block;
    width: 100%;
    height: auto;
  }
`;

export function PromoPopupDialog({ props, close }: DialogComponentProps) {
  const navigate = useNavigate();
  const popup = readPromoPopup(props);
  const unreadable = popup === null;
  useEffect(() => {
    // Nothing readable to show: leave the stack as a dismissal.
    if (unreadable) close({ closed: true });
  }, [unreadable, close]);
  if (!popup) return null;
  const canFollow = promoLocationProblem(popup.button_location) === null;
  const follow = () => {
    close({ closed: true });
    void navigate(popup.button_location);
  };
  return (
    <Dialog
      open
      onClose={() => close({ closed: true })}
      title={popup.name}
      testId="dialog-promo-popup"
      actions={
        canFollow ? (
          <Button variant="primary" onClick={follow} data-testid="promo-popup-button">
            {popup.button_text}
          </Button>
        ) : null
      }
    >
      {popup.cdn_image ? (
        <figure className={figure}>
          <img
            src={popup.cdn_image}
            alt={popup.image_alt}
            width={popup.image_width ?? undefined}
            height={popup.image_height ?? undefined}
            decoding="async"
          />
        </figure>
      ) : null}
    </Dialog>
  );
}
