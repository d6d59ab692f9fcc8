import { useState, lazy, Suspense } from 'react';
import { css } from '@linaria/core';
import { ROUTES } from '../../contract/routes.ts';
import { Page, Card, Notice } from '../../ui/page.tsx';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Logo } from '../../ui/logo.tsx';
import { muted } from '../../ui/prose.ts';

// The dialog (and floating-ui) loads when the demo opens, like every dialog of the app.
const Dialog = lazy(async () => ({ default: (await import('../../ui/dialog.tsx')).Dialog }));

const COLOURS = [
  'bg',
  'surface',
  'surface-2',
  'border',
  'text',
  'text-muted',
  'primary',
  'primary-hover',
  'gold',
  'sweeps',
  'danger',
  'success',
  'warning',
  'info',
  'focus',
] as const;

const row = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-3);
  align-items: center;
  margin-bottom: var(--space-3);
`;
const swatches = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: var(--space-3);
  list-style: none;
  margin: 0;
  padding: 0;
`;
const swatch = css`
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  overflow: hidden;
  font-size: 0.85rem;
  & span {
    display: block;
    height: 48px;
  }
  & code {
    display: block;
    padding: var(--space-2);
    overflow-wrap: anywhere;
  }
`;

/** Developer page (off on the production host): every UI primitive in its states, for review. */
export function StyleGuidePage() {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [checked, setChecked] = useState(false);
  return (
    <Page title="Style guide" width="wide">
      <Card>
        <h2>Logo and type</h2>
        <div className={row}>
          <Logo size={40} />
        </div>
        <h1 aria-hidden="true">Heading 1</h1>
        <h2>Heading 2</h2>
        <h3>Heading 3</h3>
        <p>
          Body text with a <a href={ROUTES.styleGuide}>link</a>. Muted text looks{' '}
          <span className={muted}>like this</span>.
        </p>
      </Card>

      <Card>
        <h2>Colours</h2>
        <ul className={swatches}>
          {COLOURS.map((c) => (
            <li key={c} className={swatch}>
              <span style={{ background: `var(--color-${c})` }} />
              <code>--color-{c}</code>
            </li>
          ))}
        </ul>
      </Card>

      <Card>
        <h2>Buttons</h2>
        <div className={row}>
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="danger">Danger</Button>
        </div>
        <div className={row}>
          <Button loading>Loading</Button>
          <Button disabled>Disabled</Button>
          <ButtonLink to={ROUTES.home} variant="secondary">
            Button link
          </ButtonLink>
        </div>
        <Button fullWidth>Full width</Button>
      </Card>

      <Card>
        <h2>Form fields</h2>
        <TextField label="Text field" name="sg_text" hint="A hint under the field." />
        <TextField
          label="Field with an error"
          name="sg_error"
          defaultValue="not-an-email"
          error="Please enter a valid email address."
        />
        <SelectField
          label="Select field"
          name="sg_select"
          placeholder="Choose one"
          options={[
            { value: 'a', label: 'Option A' },
            { value: 'b', label: 'Option B' },
          ]}
          defaultValue=""
        />
        <CheckboxField
          label="Checkbox field"
          name="sg_check"
          checked={checked}
          onChange={(e) => setChecked(e.target.checked)}
        />
        <FormError message="A form-level error message." />
      </Card>

      <Card>
        <h2>Notices and status</h2>
        <Notice tone="info">
          <p>Information notice.</p>
        </Notice>
        <Notice tone="success">
          <p>Success notice.</p>
        </Notice>
        <Notice tone="warning">
          <p>Warning notice.</p>
        </Notice>
        <Notice tone="error">
          <p>Error notice.</p>
        </Notice>
        <Spinner label="Loading..." />
      </Card>

      <Card>
        <h2>Dialog</h2>
        <Button variant="secondary" onClick={() => setDialogOpen(true)}>
          Open dialog
        </Button>
        {dialogOpen ? (
          <Suspense fallback={null}>
            <Dialog
              open={dialogOpen}
              onClose={() => setDialogOpen(false)}
              title="Example dialog"
              actions={
                <>
                  <Button variant="secondary" onClick={() => setDialogOpen(false)}>
                    Cancel
                  </Button>
                  <Button onClick={() => setDialogOpen(false)}>OK</Button>
                </>
              }
            >
              <p>Focus stays inside the dialog; Escape closes it.</p>
            </Dialog>
          </Suspense>
        ) : null}
      </Card>
    </Page>
  );
}

export default StyleGuidePage;
