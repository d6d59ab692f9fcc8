/**
 * Promotions: the promo pop-ups shown after sign-in and the lobby carousel's slides. List them in
 * display order with where each stands (live, scheduled, ended, off), create one, edit one
 * (schedule and audience included), move one up or down, switch one off or on. The server checks
 * every rule (docs/promotions.md) and audits each change.
 */
import { useState } from 'react';
import {
  OPERATOR_PROMO_PATHS,
  PROMO_IMAGES,
  PROMO_SUGGESTED_LOCATIONS,
  type OperatorPromoRow,
  type PromoAudience,
  type PromoKind,
} from '../../contract/promotions.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { operatorApi } from './operator-api.ts';
import { actions, formRow, list, muted, notice, panel } from './operator-styles.ts';
import { useOperatorAction } from './use-operator-action.ts';
import { useOperatorList } from './use-operator-list.ts';

const KIND_LABELS: Record<PromoKind, { many: string; one: string }> = {
  popups: { many: 'Pop-ups', one: 'pop-up' },
  slides: { many: 'Carousel slides', one: 'slide' },
};
const STATUS_LABELS: Record<OperatorPromoRow['status'], string> = {
  live: 'live',
  scheduled: 'scheduled',
  ended: 'ended',
  off: 'switched off',
};

interface Draft {
  name: string;
  headline: string;
  body: string;
  image: string;
  imageAlt: string;
  buttonText: string;
  location: string;
  audience: PromoAudience;
  from: string;
  until: string;
  reason: string;
}

const EMPTY: Draft = {
  name: '',
  headline: '',
  body: '',
  image: PROMO_IMAGES[0]!.path,
  imageAlt: '',
  buttonText: '',
  location: PROMO_SUGGESTED_LOCATIONS[0]!,
  audience: 'all',
  from: '',
  until: '',
  reason: '',
};

/** An ISO instant as a datetime-local value in the operator's time zone. */
const isoToLocal = (iso: string | null): string => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
/** A datetime-local value (the operator's local time) as an ISO instant, or null when empty. */
const localToIso = (value: string): string | null => (value ? new Date(value).toISOString() : null);

const draftOf = (row: OperatorPromoRow): Draft => ({
  name: row.name,
  headline: row.headline ?? '',
  body: row.body ?? '',
  image: row.cdn_image ?? '',
  imageAlt: row.image_alt,
  buttonText: row.button_text,
  location: row.button_location,
  audience: row.audience,
  from: isoToLocal(row.active_from),
  until: isoToLocal(row.active_until),
  reason: '',
});

/** The request body of a draft (the image's size from the shipped list, or the row's own). */
function bodyOf(kind: PromoKind, d: Draft, active: boolean, row?: OperatorPromoRow) {
  const known = PROMO_IMAGES.find((i) => i.path === d.image);
  const size =
    known ?? (row && row.cdn_image === d.image ? { width: row.image_width, height: row.image_height } : null);
  return {
    name: d.name,
    ...(kind === 'slides' ? { headline: d.headline, body: d.body } : {}),
    cdn_image: d.image || null,
    image_alt: d.image ? d.imageAlt : '',
    image_width: d.image ? (size?.width ?? null) : null,
    image_height: d.image ? (size?.height ?? null) : null,
    button_text: d.buttonText,
    button_location: d.location,
    audience: d.audience,
    active,
    active_from: localToIso(d.from),
    active_until: localToIso(d.until),
    ...(d.reason.trim() ? { reason: d.reason.trim() } : {}),
  };
}

export function PromotionsSection({ onSignedOut }: { onSignedOut: () => void }) {
  const [kind, setKind] = useState<PromoKind>('popups');
  const rows = useOperatorList<OperatorPromoRow>(OPERATOR_PROMO_PATHS.list(kind), onSignedOut);
  const action = useOperatorAction(onSignedOut);
  const [editing, setEditing] = useState<OperatorPromoRow | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const label = KIND_LABELS[kind];
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const reset = () => {
    setEditing(null);
    setDraft(EMPTY);
  };

  const save = () =>
    void action
      .run(async () => {
        if (editing) {
          await operatorApi.put(
            OPERATOR_PROMO_PATHS.one(kind, editing.id),
            bodyOf(kind, draft, editing.active, editing),
          );
          return `${draft.name} saved.`;
        }
        await operatorApi.post(OPERATOR_PROMO_PATHS.list(kind), bodyOf(kind, draft, true));
        return `${draft.name} created.`;
      })
      .then((ok) => {
        if (!ok) return;
        reset();
        rows.reload();
      });

  const switchOnOff = (row: OperatorPromoRow) =>
    void action
      .run(async () => {
        await operatorApi.put(
          OPERATOR_PROMO_PATHS.one(kind, row.id),
          bodyOf(kind, draftOf(row), !row.active, row),
        );
        return row.active ? `${row.name} is switched off.` : `${row.name} is switched on.`;
      })
      .then((ok) => ok && rows.reload());

  const move = (index: number, step: number) =>
    void action
      .run(async () => {
        const ids = (rows.rows ?? []).map((r) => r.id);
        const [moved] = ids.splice(index, 1);
        ids.splice(index + step, 0, moved!);
        await operatorApi.post(OPERATOR_PROMO_PATHS.order(kind), { ids });
        return 'Order saved.';
      })
      .then((ok) => ok && rows.reload());

  const all = rows.rows ?? [];
  return (
    <section className={panel} aria-labelledby="operator-promotions">
      <h2 id="operator-promotions">Promotions</h2>
      <p className={muted}>
        The first live pop-up opens after sign-in; the live slides turn in the lobby carousel. Sweeps
        promotions are shown only to players who can play with Sweeps Coins.
      </p>
      <p role="status" className={notice}>
        {action.result}
      </p>
      <FormError message={action.error ?? rows.error} />
      <SelectField
        label="Promotion kind"
        name="promo_kind"
        value={kind}
        onChange={(e) => {
          setKind(e.target.value as PromoKind);
          reset();
        }}
        options={[
          { value: 'popups', label: KIND_LABELS.popups.many },
          { value: 'slides', label: KIND_LABELS.slides.many },
        ]}
      />
      <ol className={list} aria-label={`${label.many} in display order`}>
        {all.map((row, i) => (
          <li key={row.id}>
            <strong>{row.name}</strong>
            <span className={muted}>
              {' '}
              — {STATUS_LABELS[row.status]}, {row.audience === 'sweeps' ? 'Sweeps players' : 'everyone'}, to{' '}
              {row.button_location}, from {new Date(row.active_from).toLocaleString()}
              {row.active_until ? ` until ${new Date(row.active_until).toLocaleString()}` : ''}
            </span>
            <div className={actions}>
              <Button
                variant="secondary"
                onClick={() => {
                  setEditing(row);
                  setDraft(draftOf(row));
                }}
                aria-label={`Edit ${row.name}`}
              >
                Edit
              </Button>
              <Button
                variant="secondary"
                disabled={i === 0 || action.busy}
                onClick={() => move(i, -1)}
                aria-label={`Move ${row.name} up`}
              >
                Up
              </Button>
              <Button
                variant="secondary"
                disabled={i === all.length - 1 || action.busy}
                onClick={() => move(i, 1)}
                aria-label={`Move ${row.name} down`}
              >
                Down
              </Button>
              <Button
                variant="secondary"
                disabled={action.busy}
                onClick={() => switchOnOff(row)}
                aria-label={`${row.active ? 'Switch off' : 'Switch on'} ${row.name}`}
              >
                {row.active ? 'Switch off' : 'Switch on'}
              </Button>
            </div>
          </li>
        ))}
      </ol>

      <form
        aria-label={editing ? `Edit ${editing.name}` : `New ${label.one}`}
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <h3>{editing ? `Edit ${editing.name}` : `New ${label.one}`}</h3>
        <div className={formRow}>
          <TextField
            label="Name"
            name="promo_name"
            required
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
          />
          {kind === 'slides' ? (
            <>
              <TextField
                label="Headline"
                name="promo_headline"
                required
                value={draft.headline}
                onChange={(e) => set({ headline: e.target.value })}
              />
              <TextField
                label="Text"
                name="promo_body"
                value={draft.body}
                onChange={(e) => set({ body: e.target.value })}
              />
            </>
          ) : null}
          <SelectField
            label="Image"
            name="promo_image"
            value={draft.image}
            onChange={(e) => set({ image: e.target.value })}
            options={[
              { value: '', label: 'No image' },
              ...PROMO_IMAGES.map((i) => ({ value: i.path, label: `${i.label} (${i.path})` })),
              ...(draft.image && !PROMO_IMAGES.some((i) => i.path === draft.image)
                ? [{ value: draft.image, label: draft.image }]
                : []),
            ]}
          />
          {draft.image ? (
            <TextField
              label="Image description (alt text)"
              name="promo_image_alt"
              required
              value={draft.imageAlt}
              onChange={(e) => set({ imageAlt: e.target.value })}
            />
          ) : null}
          <TextField
            label="Button text"
            name="promo_button_text"
            required
            value={draft.buttonText}
            onChange={(e) => set({ buttonText: e.target.value })}
          />
          <TextField
            label="Button destination"
            name="promo_button_location"
            required
            list="promo-locations"
            hint="An in-app page, such as /buy-coins or /buy-coins/daily-bonus."
            value={draft.location}
            onChange={(e) => set({ location: e.target.value })}
          />
          <datalist id="promo-locations">
            {PROMO_SUGGESTED_LOCATIONS.map((l) => (
              <option key={l} value={l} />
            ))}
          </datalist>
          <SelectField
            label="Audience"
            name="promo_audience"
            value={draft.audience}
            onChange={(e) => set({ audience: e.target.value as PromoAudience })}
            options={[
              { value: 'all', label: 'Everyone' },
              { value: 'sweeps', label: 'Sweeps players' },
            ]}
          />
          <TextField
            label="Starts (optional)"
            name="promo_active_from"
            type="datetime-local"
            hint="Empty: from now."
            value={draft.from}
            onChange={(e) => set({ from: e.target.value })}
          />
          <TextField
            label="Ends (optional)"
            name="promo_active_until"
            type="datetime-local"
            hint="Empty: no end."
            value={draft.until}
            onChange={(e) => set({ until: e.target.value })}
          />
          <TextField
            label="Reason (optional)"
            name="promo_reason"
            value={draft.reason}
            onChange={(e) => set({ reason: e.target.value })}
          />
        </div>
        <div className={actions}>
          <Button type="submit" variant="primary" loading={action.busy}>
            {editing ? 'Save changes' : `Create ${label.one}`}
          </Button>
          {editing ? (
            <Button variant="secondary" onClick={reset}>
              Cancel edit
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
export default PromotionsSection;
