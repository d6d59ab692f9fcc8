/**
 * The identity verification sandbox: sessions, the form the player submits in its frame, and
 * decisions chosen by test data, as test cards choose card outcomes (docs/kyc.md):
 *
 *   last name "Approve"        approved
 *   last name "Pending"        pending, then approved once KYC_SANDBOX_PENDING_SECONDS have passed
 *                              (or earlier by the sandbox operator call)
 *   last name "Reject"         rejected
 *   last name "NoDecision"     the first NO_DECISION_CALLS result calls answer no_decision, then approved
 *   last name "NoDecisionMax"  every result call answers no_decision_max
 *   any other last name        approved
 *
 * Matching ignores case and surrounding spaces. State lives in memory and, when a file is given,
 * in DATA_DIR/identity-sandbox.json so a pending decision survives a restart.
 */
import { randomBytes } from 'node:crypto';
import type { KycFlow } from '../../../../src/contract/kyc.ts';
import { SandboxState } from '../../card-processor/sandbox/sandbox-state.ts';
import type { ProviderDecision } from '../kyc-provider.ts';

export type SandboxScenario = 'approve' | 'pending' | 'reject' | 'no_decision' | 'no_decision_max';

/** Result calls a "NoDecision" verification answers no_decision to before it is approved. */
export const NO_DECISION_CALLS = 2;
/** A frame must be submitted within this time of its session's start. */
export const SESSION_TTL_MS = 60 * 60 * 1000;
/** Sessions kept; the oldest are dropped beyond this (a sandbox, not an archive). */
const MAX_SESSIONS = 20_000;

export function scenarioOf(lastName: string): SandboxScenario {
  switch (lastName.trim().toLowerCase()) {
    case 'pending':
      return 'pending';
    case 'reject':
      return 'reject';
    case 'nodecision':
      return 'no_decision';
    case 'nodecisionmax':
      return 'no_decision_max';
    default:
      return 'approve';
  }
}

interface SandboxSession {
  reference: string;
  flow: KycFlow;
  createdAt: number;
  submittedAt: number | null;
  scenario: SandboxScenario | null;
  authToken: string | null;
  resultCalls: number;
  operatorDecision: 'approved' | 'rejected' | null;
}

interface SandboxData {
  sessions: Record<string, SandboxSession>;
  /** auth token -> session reference */
  tokens: Record<string, string>;
}

export interface IdentitySandboxOptions {
  /** Origin the frame is served from (KYC_SANDBOX_ORIGIN). */
  origin: string;
  /** The app's origin: the only embedder and the only target of the frame's messages. */
  appOrigin: string;
  /** The key the API must present on server-to-server calls. */
  secretKey: string;
  stateFile: string | null;
  now: () => number;
  /** How long a "Pending" verification stays pending before the sandbox approves it. */
  pendingSeconds: number;
}

export interface SubmittedForm {
  firstName: string;
  lastName: string;
  birthDate: string;
  documentNumber: string;
}

export class SandboxFormError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 410,
    readonly field: string | null,
    message: string,
  ) {
    super(message);
  }
}

const NAME = /^[A-Za-z][A-Za-z' -]{0,49}$/;
const DOCUMENT = /^[A-Za-z0-9]{4,20}$/;
const BIRTH_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ADULT_YEARS = 18;

function validBirthDate(value: string, nowMs: number): boolean {
  const m = BIRTH_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  const now = new Date(nowMs);
  const adultOn = Date.UTC(y + ADULT_YEARS, mo - 1, d);
  return y >= 1900 && adultOn <= Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

export class IdentitySandbox {
  private readonly state: SandboxState<SandboxData>;

  constructor(readonly options: IdentitySandboxOptions) {
    this.state = new SandboxState<SandboxData>(options.stateFile, () => ({ sessions: {}, tokens: {} }));
  }

  get origin(): string {
    return this.options.origin;
  }

  frameHref(reference: string): string {
    return `${this.options.origin}/kyc/frame/${reference}`;
  }

  startSession(flow: KycFlow): { reference: string; href: string } {
    const reference = `kyc_${randomBytes(12).toString('hex')}`;
    const sessions = this.state.data.sessions;
    sessions[reference] = {
      reference,
      flow,
      createdAt: this.options.now(),
      submittedAt: null,
      scenario: null,
      authToken: null,
      resultCalls: 0,
      operatorDecision: null,
    };
    this.prune();
    this.state.save();
    return { reference, href: this.frameHref(reference) };
  }

  hasOpenSession(reference: string): boolean {
    const s = this.state.data.sessions[reference];
    return !!s && s.submittedAt === null && this.options.now() - s.createdAt <= SESSION_TTL_MS;
  }

  /** The player's form: validated like a provider would, then the session is decided by its test data. */
  submit(reference: string, form: SubmittedForm): { authorization: string } {
    const s = this.state.data.sessions[reference];
    if (!s) throw new SandboxFormError(404, null, 'This verification session is not known.');
    if (s.submittedAt !== null)
      throw new SandboxFormError(409, null, 'This verification was already submitted.');
    const now = this.options.now();
    if (now - s.createdAt > SESSION_TTL_MS)
      throw new SandboxFormError(410, null, 'This verification session has expired. Please start again.');
    if (!NAME.test(form.firstName))
      throw new SandboxFormError(400, 'first_name', 'Enter your legal first name.');
    if (!NAME.test(form.lastName))
      throw new SandboxFormError(400, 'last_name', 'Enter your legal last name.');
    if (!validBirthDate(form.birthDate, now))
      throw new SandboxFormError(400, 'birth_date', 'Enter a valid date of birth (you must be 18 or older).');
    if (!DOCUMENT.test(form.documentNumber))
      throw new SandboxFormError(
        400,
        'document_number',
        'Enter the document number: 4 to 20 letters or digits.',
      );
    const authorization = randomBytes(24).toString('base64url');
    s.submittedAt = now;
    s.scenario = scenarioOf(form.lastName);
    s.authToken = authorization;
    this.state.data.tokens[authorization] = reference;
    this.state.save();
    return { authorization };
  }

  /** The result call: counts the call (the NoDecision scenario answers no_decision to the first ones). */
  resultOf(authToken: string): { reference: string; decision: ProviderDecision } | null {
    const reference = this.state.data.tokens[authToken];
    const s = reference ? this.state.data.sessions[reference] : undefined;
    if (!s) return null;
    s.resultCalls += 1;
    this.state.save();
    const decision =
      s.scenario === 'no_decision_max' && s.operatorDecision === null ? 'no_decision_max' : this.decide(s);
    return { reference: s.reference, decision };
  }

  /** The session's decision now, read without counting a result call. */
  workflowDecision(reference: string): ProviderDecision | null {
    const s = this.state.data.sessions[reference];
    return s ? this.decide(s) : null;
  }

  /** The sandbox operator decides a session (e.g. a "Pending" one before its time is up). */
  operatorDecide(reference: string, decision: 'approved' | 'rejected'): boolean {
    const s = this.state.data.sessions[reference];
    if (!s || s.submittedAt === null) return false;
    s.operatorDecision = decision;
    this.state.save();
    return true;
  }

  private decide(s: SandboxSession): ProviderDecision {
    if (s.submittedAt === null || s.scenario === null) return 'no_decision';
    if (s.operatorDecision) return s.operatorDecision;
    switch (s.scenario) {
      case 'approve':
        return 'approved';
      case 'reject':
        return 'rejected';
      case 'pending':
        return this.options.now() - s.submittedAt >= this.options.pendingSeconds * 1000
          ? 'approved'
          : 'pending';
      case 'no_decision':
        return s.resultCalls > NO_DECISION_CALLS ? 'approved' : 'no_decision';
      case 'no_decision_max':
        return 'no_decision';
    }
  }

  private prune(): void {
    const refs = Object.keys(this.state.data.sessions);
    if (refs.length <= MAX_SESSIONS) return;
    for (const ref of refs.slice(0, refs.length - MAX_SESSIONS)) {
      const token = this.state.data.sessions[ref]?.authToken;
      if (token) delete this.state.data.tokens[token];
      delete this.state.data.sessions[ref];
    }
  }
}
