import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { css } from '@linaria/core';
import { useSnapshot } from 'valtio';
import { API_PATHS } from '../../contract/api-paths.ts';
import { ROUTES } from '../../contract/routes.ts';
import { LegalDocumentsResponseSchema, LoginResponseSchema } from '../../contract/schemas.ts';
import { PROPERTY_NAMES } from '../../contract/properties.ts';
import { SOCIAL_AUTH_ERROR_CODES, SOCIAL_AUTH_PATHS, SOCIAL_TEXTS } from '../../contract/social-auth.ts';
import { api, isApiError } from '../../lib/api-client.ts';
import { trackEvent } from '../../lib/analytics.ts';
import { useApiGet } from '../../lib/swr.tsx';
import { isTrue } from '../../lib/use-named-properties.ts';
import { completeLogin } from '../../state/session-actions.ts';
import { animateCoinsFromZero } from '../../state/join-coins.ts';
import { clearSocialInfo, readSocialInfo, saveSocialInfo } from '../../state/social-info.ts';
import { store } from '../../state/store.ts';
import { openDialog } from '../../state/dialog-actions.ts';
import { ERROR_CODES } from '../../contract/error-codes.ts';
import { DUPLICATE_ACCOUNT_DIALOG } from './register-duplicate-account-dialog.ts';
import { BirthDateFields } from '../../ui/birth-date-fields.tsx';
import { NameFields, ZipCodeField } from './join-fields.tsx';
import { Button } from '../../ui/button.tsx';
import { focusField } from '../../ui/focus-field.ts';
import { FormError } from '../../ui/form-error.tsx';
import { Card, Notice, Page } from '../../ui/page.tsx';
import type { JoinErrorField, JoinErrors, JoinFormValues } from './join-form-validation.ts';

/**
 * The join form's rules and server-error placement load beside the form (they are needed once
 * the player submits), so the page's first load stays within its budget.
 */
const loadRules = async () => ({
  ...(await import('./join-form-validation.ts')),
  ...(await import('./join-server-errors.ts')),
});
type Rules = Awaited<ReturnType<typeof loadRules>>;

/** The terms load beside the form (they wait for the legal documents anyway), as on the join page. */
const JoinTerms = lazy(async () => ({ default: (await import('./join-terms.tsx')).JoinTerms }));

const intro = css`
  color: var(--color-text-muted);
  margin-bottom: var(--space-4);
`;
const emailLine = css`
  margin: 0 0 var(--space-4);
  overflow-wrap: anywhere;
`;

type ProfileField = Exclude<JoinErrorField, 'password1' | 'password2' | 'email' | 'promo_code'>;

const slotOf = (name: string): JoinErrorField =>
  name === 'birth_month' || name === 'birth_day' || name === 'birth_year'
    ? 'birth_date'
    : (name as JoinErrorField);
const controlOf = (slot: JoinErrorField): string => (slot === 'birth_date' ? 'birth_month' : slot);

/**
 * The join rules without the passwords (an account opened with a provider has none) and without
 * the email (the provider's, verified by the server, not edited here).
 */
function profileErrors(rules: Rules, values: JoinFormValues): JoinErrors {
  const { password1: _p1, password2: _p2, email: _email, ...rest } = rules.validateJoinForm(values);
  return rest;
}

/** Completing a profile after "Continue with Google / Facebook" for an identity we do not know yet. */
export function SocialProfilePage() {
  const navigate = useNavigate();
  const [draft] = useState(() => {
    const info = readSocialInfo();
    return info?.result === 'profile_required' ? info : null;
  });
  const [values, setValues] = useState<JoinFormValues>(() => {
    const [y = '', m = '', d = ''] = draft?.birthdate?.split('-') ?? [];
    return {
      first_name: draft?.first_name ?? '',
      last_name: draft?.last_name ?? '',
      email: draft?.email ?? '',
      password1: '',
      password2: '',
      postal_code: '',
      birth_year: y,
      birth_month: m ? String(Number(m)) : '',
      birth_day: d ? String(Number(d)) : '',
      promo_code: '',
      terms: false,
    };
  });
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [server, setServer] = useState<{
    field: JoinErrorField | null;
    message: string;
    code: string;
  } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // One Idempotency-Key per account creation, kept while its answer did not arrive: the same form
  // sent again signs in to the account the first try created (its ticket works once).
  const attempt = useRef<{ sent: string; key: string } | null>(null);
  const goldOnly = isTrue(useSnapshot(store.properties).values[PROPERTY_NAMES.goldOnlyMode]);
  // Without a sign-up in progress there is nothing to accept.
  const legal = useApiGet(draft ? API_PATHS.legalDocuments : null, LegalDocumentsResponseSchema, {
    handleErrors: false,
  });
  const toAccept = useMemo(
    () => (legal.data?.results ?? []).filter((d) => d.acceptance_required),
    [legal.data],
  );
  const toScroll = useMemo(() => toAccept.filter((d) => d.scroll_required), [toAccept]);
  const [rules, setRules] = useState<Rules | null>(null);
  useEffect(() => {
    let live = true;
    void loadRules().then((loaded) => {
      if (live) setRules(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  const errors = useMemo(() => (rules ? profileErrors(rules, values) : {}), [rules, values]);
  const excludedZip = rules?.checkZip(values.postal_code).kind === 'excluded';

  useEffect(() => {
    if (server?.code === SOCIAL_AUTH_ERROR_CODES.SOCIAL_LINK_REQUIRED && draft) {
      saveSocialInfo({
        result: 'link_required',
        provider: draft.provider,
        provider_auth_token: draft.provider_auth_token,
        email: draft.email,
        linked_providers: [],
        message: server.message,
      });
      navigate(ROUTES.linkAccounts, { replace: true });
    }
  }, [server, draft, navigate]);

  if (!draft) {
    return (
      <Page title={SOCIAL_TEXTS.profileTitle} width="narrow">
        <Notice tone="info" testId="social-profile-missing">
          <p>{SOCIAL_TEXTS.profileMissing}</p>
        </Notice>
        <p>
          <Link to={ROUTES.createUser}>Join</Link> · <Link to={ROUTES.login}>Sign in</Link>
        </p>
      </Page>
    );
  }

  const errorFor = (slot: ProfileField): string | undefined =>
    (submitted ? errors[slot] : undefined) ?? (server?.field === slot ? server.message : undefined);
  const update = (name: keyof JoinFormValues, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (server?.field === slotOf(name)) setServer(null);
  };
  const onText = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    update(e.target.name as keyof JoinFormValues, e.target.value);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting || !draft) return;
    setSubmitted(true);
    setServer(null);
    const loaded = rules ?? (await loadRules());
    const first = loaded.firstErrorField(profileErrors(loaded, values));
    if (first) return focusField(formRef.current, controlOf(first));
    const birth = loaded.birthDateOf(values);
    if (!birth) return;
    setSubmitting(true);
    try {
      const body = {
        provider: draft.provider,
        provider_auth_token: draft.provider_auth_token,
        email: draft.email,
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        postal_code: values.postal_code.trim(),
        birth_year: birth.year,
        birth_month: birth.month,
        birth_day: birth.day,
        ...(toAccept.every((d) => d.version !== undefined)
          ? { accepted_documents: toAccept.map((d) => ({ type: d.type, version: d.version ?? 0 })) }
          : {}),
      };
      const sent = JSON.stringify(body);
      if (attempt.current?.sent !== sent) attempt.current = { sent, key: crypto.randomUUID() };
      const answer = await api.post(SOCIAL_AUTH_PATHS.accounts, body, LoginResponseSchema, {
        handleErrors: false,
        idempotencyKey: attempt.current.key,
      });
      attempt.current = null;
      clearSocialInfo();
      completeLogin(answer);
      animateCoinsFromZero(answer.balances);
      trackEvent('sign_up', { method: draft.provider, user_id: answer.user.id });
      navigate(ROUTES.selectCurrency, { replace: true });
    } catch (err) {
      setSubmitting(false);
      // An answer (a refusal) ends the attempt; no answer keeps its key for the next press.
      if (!isApiError(err) || err.status !== 0) attempt.current = null;
      if (!isApiError(err)) {
        setServer({ field: null, message: 'Something went wrong. Please try again.', code: 'NETWORK_ERROR' });
        return;
      }
      // One account per person: the duplicate-account dialog, as on the join form.
      if (err.code === ERROR_CODES.DUPLICATE_ACCOUNT) {
        openDialog(DUPLICATE_ACCOUNT_DIALOG, { message: err.message });
        return;
      }
      const placed = loaded.placeJoinServerError(err);
      setServer({ field: placed.field, message: placed.message, code: err.code });
      if (placed.field) focusField(formRef.current, controlOf(placed.field));
    }
  }

  const birthError = errorFor('birth_date');
  return (
    <Page title={SOCIAL_TEXTS.profileTitle} width="narrow">
      <p className={intro}>{SOCIAL_TEXTS.profileIntro(draft.provider)}</p>
      <Card>
        <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={SOCIAL_TEXTS.profileTitle}>
          <p className={emailLine} data-testid="social-profile-email">
            Email: <strong>{draft.email}</strong>
          </p>
          <NameFields
            firstName={values.first_name}
            lastName={values.last_name}
            onChange={onText}
            errors={{ first_name: errorFor('first_name'), last_name: errorFor('last_name') }}
          />
          <ZipCodeField
            value={values.postal_code}
            onValue={(digits) => update('postal_code', digits)}
            error={errorFor('postal_code') ?? (excludedZip ? errors.postal_code : undefined)}
            hint="We use your ZIP code to confirm you live in an eligible state."
          />
          <BirthDateFields values={values} onChange={onText} error={birthError} />
          <Suspense fallback={<p data-testid="legal-loading">Loading the Terms and Conditions…</p>}>
            <JoinTerms
              documents={legal.data !== undefined ? toScroll : null}
              loadFailed={legal.error !== undefined}
              onRetry={() => void legal.mutate()}
              checked={values.terms}
              onCheckedChange={(checked) => update('terms', checked)}
              error={errorFor('terms')}
              instructionId="social-accept-hint"
              goldOnly={goldOnly}
            />
          </Suspense>
          <FormError message={server && !server.field ? server.message : null} />
          <Button
            type="submit"
            fullWidth
            loading={submitting}
            disabled={!values.terms || legal.data === undefined}
          >
            {SOCIAL_TEXTS.createAccount}
          </Button>
        </form>
      </Card>
    </Page>
  );
}

export default SocialProfilePage;
