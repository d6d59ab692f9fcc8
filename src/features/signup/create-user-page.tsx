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
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { css } from '@linaria/core';
import { useSnapshot } from 'valtio';
import { API_PATHS } from '../../contract/api-paths.ts';
import { ROUTES } from '../../contract/routes.ts';
import {
  LegalDocumentsResponseSchema,
  LoginResponseSchema,
  type CreateUserRequest,
} from '../../contract/schemas.ts';
import { LEGAL_ACCEPTANCE_ERROR_CODES } from '../../contract/legal-acceptance-codes.ts';
import {
  EXCLUDED_STATES,
  PASSPHRASE_LENGTH,
  PASSWORD_MIN_LENGTH,
  PRODUCT_NAME,
} from '../../contract/constants.ts';
import { api, isApiError } from '../../lib/api-client.ts';
import { useApiGet } from '../../lib/swr.tsx';
import { completeLogin } from '../../state/session-actions.ts';
import { animateCoinsFromZero } from '../../state/join-coins.ts';
import { store } from '../../state/store.ts';
import { PROPERTY_NAMES } from '../../contract/properties.ts';
import { isTrue } from '../../lib/use-named-properties.ts';
import { Page, Card } from '../../ui/page.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { focusField } from '../../ui/focus-field.ts';
import type { JoinErrorField, JoinErrors, JoinFormValues, ZipCheck } from './join-form-validation.ts';
import { BirthDateFields } from '../../ui/birth-date-fields.tsx';
import { NameFields, ZipCodeField } from './join-fields.tsx';
import { trackEvent } from '../../lib/analytics.ts';
import { AfterHydration } from '../../ui/after-hydration.tsx';
import type { RobotCheckToken } from '../../ui/robot-check.tsx';
import { ERROR_CODES } from '../../contract/error-codes.ts';
import { ROBOT_CHECK_TEXTS } from '../../contract/robot-check-texts.ts';
import { openDialog } from '../../state/dialog-actions.ts';
import { DUPLICATE_ACCOUNT_DIALOG } from './register-duplicate-account-dialog.ts';

// The terms to read and accept load beside the form's fields (they sit below them and wait for
// the legal documents anyway), so the join page's first load stays within the route budget.
/** Attribution (promo code, UTM codes, click ids) loads beside the form, like the terms. */
const attribution = () => import('../../lib/attribution.ts');
/** Where a server refusal shows: loaded only when the server refuses, like the catalogue's texts it uses. */
const joinServerErrors = () => import('./join-server-errors.ts');
/**
 * The form's rules (ZIP ranges, password policy, birth date) load beside the form, asked for as
 * the page opens: a rule's message shows only once a field is left, by when they are here.
 */
const joinValidation = () => import('./join-form-validation.ts');
type JoinValidation = Awaited<ReturnType<typeof joinValidation>>;
const NO_ZIP: ZipCheck = { kind: 'empty' };
const JoinTerms = lazy(async () => ({ default: (await import('./join-terms.tsx')).JoinTerms }));
/** The welcome offer notice loads beside the form too (its amounts come from a public call anyway). */
const WelcomeOfferNotice = lazy(() => import('./welcome-offer-notice.tsx'));
/** Google and Facebook sign-up load beside the form too; their space is kept meanwhile. */
const SocialSignIn = lazy(() => import('./social-sign-in.tsx'));
const socialSlot = css`
  min-height: 9.5rem;
`;

const intro = css`
  color: var(--color-text-muted);
  margin-bottom: var(--space-4);
`;
const signInLine = css`
  text-align: center;
  margin-top: var(--space-4);
  color: var(--color-text-muted);
`;

/** The robot check's widget and solver load beside the form, like the terms. */
const RobotCheck = lazy(async () => ({ default: (await import('../../ui/robot-check.tsx')).RobotCheck }));
/**
 * The join's robot-check challenge (no sign-in). Its schema loads with it, as the widget does, so
 * the join page's first load stays within its size budget.
 */
const robotCheckContract = () => import('../../contract/robot-check.ts');
const fetchJoinChallenge = async () =>
  api.get(API_PATHS.joinRobotCheck, (await robotCheckContract()).RobotCheckChallengeSchema, {
    handleErrors: false,
  });
/** The control the robot check's error focuses. */
const ROBOT_CONTROL = 'not_a_robot';
/**
 * The join form's version, sent as `wfv` (spec section 3) and kept with the account's attribution:
 * '2' is the form with the robot check (docs/account.md).
 */
const JOIN_FORM_VERSION = '2';

const EMPTY: JoinFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  password1: '',
  password2: '',
  postal_code: '',
  birth_month: '',
  birth_day: '',
  birth_year: '',
  promo_code: '',
  terms: false,
};

/** Which error slot a form control reports to. */
const slotOf = (name: keyof JoinFormValues): JoinErrorField =>
  name === 'birth_month' || name === 'birth_day' || name === 'birth_year' ? 'birth_date' : name;

/** The control that receives focus for an error slot. */
const controlOf = (slot: JoinErrorField): string => (slot === 'birth_date' ? 'birth_month' : slot);

interface ServerProblem {
  field: JoinErrorField | null;
  message: string;
}

/** The join form (signup/create-user): every field of the account-creation payload we collect. */
export function CreateUserPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<JoinFormValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<JoinErrorField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [server, setServer] = useState<ServerProblem | null>(null);
  // The solved robot check (sent as g_token / g_id), its error, and a new box after a refusal.
  const [robot, setRobot] = useState<RobotCheckToken | null>(null);
  const [robotError, setRobotError] = useState<string | null>(null);
  const [robotRound, setRobotRound] = useState(0);
  // Focus goes to the fresh box once it is rendered.
  const focusRobot = useRef(false);
  useEffect(() => {
    if (!focusRobot.current) return;
    focusRobot.current = false;
    focusField(formRef.current, ROBOT_CONTROL);
  }, [robotRound]);
  const formRef = useRef<HTMLFormElement>(null);
  // One Idempotency-Key per join attempt, kept while its answer did not arrive: sending the same
  // form again signs in to the account the server created instead of "email already in use".
  const attempt = useRef<{ sent: string; key: string } | null>(null);
  const acceptHintId = 'join-accept-hint';
  // Gold-only mode has no sweepstakes: their rules are not part of joining.
  const goldOnly = isTrue(useSnapshot(store.properties).values[PROPERTY_NAMES.goldOnlyMode]);
  // The ZIP hint names the state; the names load beside the form (the code shows until then).
  const [stateNames, setStateNames] = useState<Readonly<Record<string, string>> | null>(null);
  useEffect(() => {
    let live = true;
    void import('../../contract/us-state-names.ts').then((m) => {
      if (live) setStateNames(m.US_STATE_NAMES);
    });
    return () => {
      live = false;
    };
  }, []);
  // The documents to accept, with their versions: what the player scrolls through is what is recorded.
  const legal = useApiGet(API_PATHS.legalDocuments, LegalDocumentsResponseSchema, { handleErrors: false });
  const toAccept = useMemo(
    () => (legal.data?.results ?? []).filter((d) => d.acceptance_required),
    [legal.data],
  );
  const toScroll = useMemo(() => toAccept.filter((d) => d.scroll_required), [toAccept]);
  const legalReady = legal.data !== undefined;

  // Keeps the landing URL's codes and prefills the promo code (the URL's, else the stored one)
  // unless the player has typed one meanwhile.
  useEffect(() => {
    let live = true;
    void attribution().then((m) => {
      m.captureAttributionFromUrl(params);
      const promo = m.initialPromoCode(params);
      if (live && promo) setValues((v) => (v.promo_code ? v : { ...v, promo_code: promo }));
    });
    return () => {
      live = false;
    };
  }, [params]);

  const [validation, setValidation] = useState<JoinValidation | null>(null);
  useEffect(() => {
    let live = true;
    void joinValidation().then(
      (m) => live && setValidation(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const clientErrors: JoinErrors = useMemo(
    () => validation?.validateJoinForm(values) ?? {},
    [validation, values],
  );
  const zip = validation?.checkZip(values.postal_code) ?? NO_ZIP;

  /** Client errors are shown once a field was left (or on submit); a server error until its field changes. */
  function errorFor(slot: JoinErrorField): string | undefined {
    const client = submitted || touched[slot] ? clientErrors[slot] : undefined;
    if (client) return client;
    if (server && server.field === slot) return server.message;
    return undefined;
  }

  function update(name: keyof JoinFormValues, value: string | boolean) {
    setValues((v) => ({ ...v, [name]: value }));
    if (server?.field === slotOf(name)) setServer(null);
    // The ZIP is judged as soon as it is complete, so an excluded state shows before moving on.
    if (name === 'postal_code' && typeof value === 'string' && /^\d{5}$/.test(value.trim()))
      setTouched((t) => ({ ...t, postal_code: true }));
    if (name === 'terms') setTouched((t) => ({ ...t, terms: true }));
  }

  const onText = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    update(e.target.name as keyof JoinFormValues, e.target.value);
  const onBlur = (e: { target: { name: string } }) => {
    const slot = slotOf(e.target.name as keyof JoinFormValues);
    // The date is one answer: judge it once all three parts are chosen (or on submit).
    if (slot === 'birth_date' && !validation?.birthDateOf(values)) return;
    setTouched((t) => ({ ...t, [slot]: true }));
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    setServer(null);
    let rules: JoinValidation;
    try {
      rules = validation ?? (await joinValidation());
    } catch {
      setServer({ field: null, message: 'Something went wrong. Please try again.' });
      return;
    }
    const errors: JoinErrors = rules.validateJoinForm(values);
    const first = rules.firstErrorField(errors);
    if (first) {
      focusField(formRef.current, controlOf(first));
      return;
    }
    if (!robot) {
      setRobotError(ROBOT_CHECK_TEXTS.missing);
      focusField(formRef.current, ROBOT_CONTROL);
      return;
    }
    const birth = rules.birthDateOf(values);
    if (!birth) return;
    const promo = values.promo_code.trim();
    const payload: CreateUserRequest = {
      email: values.email.trim(),
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      password1: values.password1,
      password2: values.password2,
      postal_code: values.postal_code.trim(),
      birth_year: birth.year,
      birth_month: birth.month,
      birth_day: birth.day,
      promo_code: promo || null,
      g_token: robot.token,
      g_id: robot.siteKey,
      wfv: JOIN_FORM_VERSION,
      // An older server answers documents without versions: then nothing is sent, as before.
      ...(toAccept.every((d) => d.version !== undefined)
        ? { accepted_documents: toAccept.map((d) => ({ type: d.type, version: d.version ?? 0 })) }
        : {}),
    };
    setSubmitting(true);
    try {
      const { aggregateAttribution, storePromoCode } = await attribution();
      const body = { ...payload, ...aggregateAttribution(params) };
      const sent = JSON.stringify(body);
      if (attempt.current?.sent !== sent) attempt.current = { sent, key: crypto.randomUUID() };
      const answer = await api.post(API_PATHS.users, body, LoginResponseSchema, {
        handleErrors: false,
        idempotencyKey: attempt.current.key,
      });
      attempt.current = null;
      completeLogin(answer);
      // A new account starts from nothing: the coins of the welcome offer (or a code) count up in the lobby.
      animateCoinsFromZero(answer.balances);
      if (answer.promo_code) storePromoCode(answer.promo_code);
      trackEvent('sign_up', { method: 'email', user_id: answer.user.id });
      navigate(ROUTES.lobby, { replace: true });
    } catch (err) {
      setSubmitting(false);
      // An answer (a refusal) ends the attempt; no answer keeps its key for the next press.
      if (!isApiError(err) || err.status !== 0) attempt.current = null;
      // A newer version was published while the form was open: show it to be read and accepted.
      if (isApiError(err) && err.code === LEGAL_ACCEPTANCE_ERROR_CODES.DOCUMENT_VERSION_OUTDATED)
        void legal.mutate();
      // One account per person: the duplicate-account dialog says so and offers SIGN IN.
      if (isApiError(err) && err.code === ERROR_CODES.DUPLICATE_ACCOUNT) {
        openDialog(DUPLICATE_ACCOUNT_DIALOG, { message: err.message });
        return;
      }
      // A refused robot check: a fresh box, its message under it.
      if (isApiError(err) && err.code === ERROR_CODES.ROBOT_CHECK_FAILED) {
        setRobot(null);
        setRobotError(err.message);
        focusRobot.current = true;
        setRobotRound((n) => n + 1);
        return;
      }
      const somethingWrong: ServerProblem = {
        field: null,
        message: 'Something went wrong. Please try again.',
      };
      const problem: ServerProblem = isApiError(err)
        ? await joinServerErrors().then(
            (m) => m.placeJoinServerError(err),
            () => somethingWrong,
          )
        : somethingWrong;
      setServer(problem);
      if (problem.field) focusField(formRef.current, controlOf(problem.field));
    }
  }

  const birthError = errorFor('birth_date');
  const stateName = (code: string): string => stateNames?.[code] ?? code;
  const zipHint =
    zip.kind === 'ok'
      ? `State: ${stateName(zip.state)}`
      : zip.kind === 'excluded'
        ? `State: ${stateName(zip.state)}`
        : 'We use your ZIP code to confirm you live in an eligible state.';

  return (
    <Page title="Join Lucky Crown" width="narrow">
      <p className={intro}>
        Create your free account. No purchase is necessary to play. Open to adults in eligible US states;
        residents of {EXCLUDED_STATES.join(', ')} cannot join.
      </p>
      <Card>
        <div className={socialSlot}>
          {/* After hydration only: the prerendered markup has the empty slot, never a pending boundary. */}
          <AfterHydration>
            <Suspense fallback={null}>
              <SocialSignIn />
            </Suspense>
          </AfterHydration>
        </div>
        <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={`Create your ${PRODUCT_NAME} account`}>
          <NameFields
            firstName={values.first_name}
            lastName={values.last_name}
            onChange={onText}
            onBlur={onBlur}
            errors={{ first_name: errorFor('first_name'), last_name: errorFor('last_name') }}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={values.email}
            onChange={onText}
            onBlur={onBlur}
            error={errorFor('email')}
            maxLength={254}
            required
          />
          <TextField
            label="Password"
            name="password1"
            type="password"
            autoComplete="new-password"
            value={values.password1}
            onChange={onText}
            onBlur={onBlur}
            error={errorFor('password1')}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters, using three of: lower-case, upper-case, digits, symbols. Or a passphrase of ${PASSPHRASE_LENGTH}+ characters.`}
            maxLength={128}
            required
          />
          <TextField
            label="Confirm password"
            name="password2"
            type="password"
            autoComplete="new-password"
            value={values.password2}
            onChange={onText}
            onBlur={onBlur}
            error={errorFor('password2')}
            maxLength={128}
            required
          />
          <ZipCodeField
            value={values.postal_code}
            onValue={(digits) => update('postal_code', digits)}
            onBlur={onBlur}
            error={errorFor('postal_code')}
            hint={zipHint}
          />
          <BirthDateFields values={values} onChange={onText} onBlur={onBlur} error={birthError} />
          <TextField
            label="Promo code (optional)"
            name="promo_code"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            value={values.promo_code}
            onChange={onText}
            onBlur={onBlur}
            error={errorFor('promo_code')}
            maxLength={64}
          />
          <Suspense fallback={null}>
            <WelcomeOfferNotice promoCode={values.promo_code} goldOnly={goldOnly} />
          </Suspense>
          <Suspense fallback={<p data-testid="legal-loading">Loading the Terms and Conditions…</p>}>
            <JoinTerms
              documents={legalReady ? toScroll : null}
              loadFailed={legal.error !== undefined}
              onRetry={() => void legal.mutate()}
              checked={values.terms}
              onCheckedChange={(checked) => update('terms', checked)}
              error={errorFor('terms')}
              instructionId={acceptHintId}
              goldOnly={goldOnly}
            />
          </Suspense>
          <Suspense fallback={<p data-testid="robot-check-loading">Loading the robot check…</p>}>
            <RobotCheck
              key={robotRound}
              onToken={(token) => {
                setRobot(token);
                if (token) setRobotError(null);
              }}
              fetchChallenge={fetchJoinChallenge}
              disabled={submitting}
              error={robotError}
            />
          </Suspense>
          <FormError message={server && !server.field ? server.message : null} />
          <Button
            type="submit"
            fullWidth
            loading={submitting}
            // Spec section 4: the accept button waits for the ticked checkbox.
            disabled={!values.terms || !legalReady}
            aria-describedby={values.terms ? undefined : acceptHintId}
          >
            Create account
          </Button>
        </form>
      </Card>
      <p className={signInLine}>
        Already have an account? <Link to={ROUTES.login}>Sign in</Link>
      </p>
    </Page>
  );
}

export default CreateUserPage;
