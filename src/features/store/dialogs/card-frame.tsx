/**
 * The card processor's hosted card fields in an iframe (served from the processor's own origin,
 * so card numbers never touch our page or API). Our page talks to the frame only through
 * postMessage: it accepts messages only from the processor origin of the payments config, only
 * from this iframe's window and only with the sandbox source tag, and it posts only to that
 * origin. Payment mode answers `tokenize` with a single-use token; setup mode answers
 * `confirm_setup` (with the setup intent's client secret) with the setup result.
 */
import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { css } from '@linaria/core';
import {
  CARD_FRAME_MESSAGES,
  CARD_FRAME_SOURCE,
  type PaymentsConfig,
} from '../../../contract/payment-pages.ts';
import { Spinner } from '../../../ui/spinner.tsx';

export interface CardFrameError {
  code: string;
  sub_code: string | null;
  message: string;
  field: string | null;
}

export interface CardToken {
  token: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number } | null;
}

export interface CardFrameHandle {
  tokenize(): Promise<CardToken>;
  confirmSetup(clientSecret: string): Promise<{ setup_intent_id: string; status: string }>;
}

/** The frame did not answer (or answered with an error). */
export class CardFrameFailure extends Error {
  readonly error: CardFrameError;
  constructor(error: CardFrameError) {
    super(error.message);
    this.name = 'CardFrameFailure';
    this.error = error;
  }
}

const wrap = css`
  position: relative;
  min-height: 190px;
`;
const frameClass = css`
  display: block;
  width: 100%;
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: #fff;
  transition: height 0.15s;
`;
const loading = css`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  background: var(--color-surface);
  border-radius: var(--radius-md);
`;

const ANSWER_TIMEOUT_MS = 30_000;

/** The hosted fields URL for a mode, with the publishable key. */
function hostedFieldsSrc(config: PaymentsConfig, mode: 'payment' | 'setup'): string {
  const url = new URL(config.card_processor.hosted_fields_url, config.card_processor.origin);
  url.searchParams.set('mode', mode);
  url.searchParams.set('key', config.card_processor.publishable_key);
  return url.toString();
}

interface Pending {
  expect: string;
  resolve: (data: Record<string, unknown>) => void;
  reject: (e: CardFrameFailure) => void;
  timer: ReturnType<typeof setTimeout>;
}

export interface CardFrameProps {
  config: PaymentsConfig;
  mode: 'payment' | 'setup';
  ref?: Ref<CardFrameHandle>;
  /** The fields are shown. */
  onReady?: () => void;
  /** Completeness of the entered card (all fields valid). */
  onChange?: (complete: boolean) => void;
  /** The player pressed Enter inside the frame. */
  onSubmit?: () => void;
  title?: string;
}

export function CardFrame({
  config,
  mode,
  ref,
  onReady,
  onChange,
  onSubmit,
  title = 'Card details',
}: CardFrameProps) {
  const iframe = useRef<HTMLIFrameElement>(null);
  const pending = useRef<Pending | null>(null);
  const [height, setHeight] = useState(190);
  const [ready, setReady] = useState(false);
  const origin = config.card_processor.origin;
  // The frame's messages reach the parent's latest callbacks without re-adding the listener.
  const notifyReady = useEffectEvent(() => onReady?.());
  const notifyChange = useEffectEvent((complete: boolean) => onChange?.(complete));
  const notifySubmit = useEffectEvent(() => onSubmit?.());

  useEffect(() => {
    const listener = (e: MessageEvent) => {
      if (e.origin !== origin || e.source !== iframe.current?.contentWindow) return;
      const d = e.data as Record<string, unknown> | null;
      if (!d || typeof d !== 'object' || d.source !== CARD_FRAME_SOURCE || typeof d.type !== 'string') return;
      if (typeof d.height === 'number' && d.height > 0) setHeight(Math.min(Math.ceil(d.height) + 2, 600));
      switch (d.type) {
        case CARD_FRAME_MESSAGES.ready:
          setReady(true);
          notifyReady();
          return;
        case CARD_FRAME_MESSAGES.change:
          notifyChange(d.complete === true);
          return;
        case 'submit':
          notifySubmit();
          return;
        case CARD_FRAME_MESSAGES.error: {
          const p = pending.current;
          if (!p) return;
          pending.current = null;
          clearTimeout(p.timer);
          const err = (d.error ?? {}) as Partial<CardFrameError>;
          p.reject(
            new CardFrameFailure({
              code: String(err.code ?? 'processing_error'),
              sub_code: typeof err.sub_code === 'string' ? err.sub_code : null,
              message: String(err.message ?? 'Please check your card details.'),
              field: typeof err.field === 'string' ? err.field : null,
            }),
          );
          return;
        }
        default: {
          const p = pending.current;
          if (p && d.type === p.expect) {
            pending.current = null;
            clearTimeout(p.timer);
            p.resolve(d);
          }
        }
      }
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [origin]);

  useEffect(
    () => () => {
      const p = pending.current;
      if (p) {
        clearTimeout(p.timer);
        p.reject(
          new CardFrameFailure({
            code: 'cancelled',
            sub_code: null,
            message: 'The card form was closed.',
            field: null,
          }),
        );
      }
    },
    [],
  );

  function ask(message: Record<string, unknown>, expect: string): Promise<Record<string, unknown>> {
    const win = iframe.current?.contentWindow;
    if (!win || !ready) {
      return Promise.reject(
        new CardFrameFailure({
          code: 'not_ready',
          sub_code: null,
          message: 'The card form is still loading. Please wait a moment.',
          field: null,
        }),
      );
    }
    if (pending.current) {
      return Promise.reject(
        new CardFrameFailure({
          code: 'busy',
          sub_code: null,
          message: 'Please wait: your card is being checked.',
          field: null,
        }),
      );
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.current = null;
        reject(
          new CardFrameFailure({
            code: 'timeout',
            sub_code: null,
            message: 'The payment service did not answer. Nothing was charged. Please try again.',
            field: null,
          }),
        );
      }, ANSWER_TIMEOUT_MS);
      pending.current = { expect, resolve, reject, timer };
      win.postMessage({ source: CARD_FRAME_SOURCE, ...message }, origin);
    });
  }

  useImperativeHandle(ref, () => ({
    async tokenize() {
      const d = await ask({ type: CARD_FRAME_MESSAGES.tokenize }, CARD_FRAME_MESSAGES.token);
      const card = d.card && typeof d.card === 'object' ? (d.card as CardToken['card']) : null;
      return { token: String(d.token ?? ''), card };
    },
    async confirmSetup(clientSecret: string) {
      const d = await ask(
        { type: CARD_FRAME_MESSAGES.confirmSetup, client_secret: clientSecret },
        CARD_FRAME_MESSAGES.setupResult,
      );
      return { setup_intent_id: String(d.setup_intent_id ?? ''), status: String(d.status ?? '') };
    },
  }));

  return (
    <div className={wrap}>
      <iframe
        ref={iframe}
        className={frameClass}
        src={hostedFieldsSrc(config, mode)}
        title={title}
        style={{ height }}
        data-testid="card-frame"
        allow="payment"
      />
      {!ready ? (
        <div className={loading}>
          <Spinner label="Loading secure card form..." />
        </div>
      ) : null}
    </div>
  );
}
