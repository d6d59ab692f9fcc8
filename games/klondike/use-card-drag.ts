/**
 * Dragging cards with pointer events (mouse, touch, pen). A card pressed and moved more than a
 * few pixels follows the pointer together with the cards above it in its column; on release the
 * pile under the pointer (the nearest element with a data-pile attribute) is the destination.
 * A press without movement stays a plain click, which selects the card (the keyboard path).
 */
import { useRef, type PointerEvent as ReactPointerEvent } from 'react';
import type { MoveSource } from './piles.ts';

const DRAG_THRESHOLD_PX = 6;

interface Drag {
  from: MoveSource;
  pointerId: number;
  startX: number;
  startY: number;
  /** The pressed card and the cards stacked above it (they move as one run). */
  elements: HTMLElement[];
  moved: boolean;
}

export interface CardDragHandlers {
  onPointerDown: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerMove: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerUp: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => void;
}

/** The card and its later siblings that are cards too (a run in a column). */
function runFrom(element: HTMLElement): HTMLElement[] {
  const run = [element];
  let next = element.nextElementSibling;
  while (next instanceof HTMLElement && next.dataset.card !== undefined) {
    run.push(next);
    next = next.nextElementSibling;
  }
  return run;
}

function pileUnder(x: number, y: number, dragged: HTMLElement[]): string | null {
  // The dragged cards sit under the pointer: hide them for the hit test.
  for (const el of dragged) el.style.visibility = 'hidden';
  const hit = typeof document.elementFromPoint === 'function' ? document.elementFromPoint(x, y) : null;
  for (const el of dragged) el.style.visibility = '';
  return hit?.closest<HTMLElement>('[data-pile]')?.dataset.pile ?? null;
}

export function useCardDrag(onDrop: (from: MoveSource, toPile: string) => void) {
  const drag = useRef<Drag | null>(null);
  /** Set after a drop so the click the browser sends on release does not also select the card. */
  const justDropped = useRef(false);

  const reset = (current: Drag) => {
    for (const el of current.elements) {
      el.style.transform = '';
      el.classList.remove('dragging');
    }
  };

  const handlersFor = (from: MoveSource): CardDragHandlers => ({
    onPointerDown(event) {
      if (event.button !== 0) return;
      justDropped.current = false;
      drag.current = {
        from,
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        elements: runFrom(event.currentTarget),
        moved: false,
      };
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove(event) {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      const dx = event.clientX - current.startX;
      const dy = event.clientY - current.startY;
      if (!current.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      current.moved = true;
      for (const el of current.elements) {
        el.style.transform = `translate(${dx}px, ${dy}px)`;
        el.classList.add('dragging');
      }
    },
    onPointerUp(event) {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      drag.current = null;
      if (!current.moved) return;
      const pile = pileUnder(event.clientX, event.clientY, current.elements);
      reset(current);
      justDropped.current = true;
      if (pile) onDrop(current.from, pile);
    },
    onPointerCancel() {
      const current = drag.current;
      drag.current = null;
      if (current) reset(current);
    },
  });

  /** True once after a drop: the click that follows belongs to the drag. */
  const consumeDrop = (): boolean => {
    const dropped = justDropped.current;
    justDropped.current = false;
    return dropped;
  };

  return { handlersFor, consumeDrop };
}
