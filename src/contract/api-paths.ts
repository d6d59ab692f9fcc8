/**
 * Paths of the API under /api/v1. Written once; the app's API client and the server's routes
 * both import them. Paths with parameters are functions.
 */
export const API_PREFIX = '/api/v1';

export const API_PATHS = {
  health: '/health',
  /** GET: issues the CSRF cookie when absent and answers { csrf_token }. */
  csrf: '/auth/csrf',
  login: '/auth/login',
  logout: '/auth/logout',
  refresh: '/auth/refresh',
  /** POST { email }: always 202; mails a one-time sign-in link when the account exists. */
  passwordRecovery: '/auth/password-recovery',
  /** POST { token }: exchanges a sign-in link token for a session (login answer). */
  signInLink: '/auth/sign-in-link',
  /** POST: create user account (account-creation payload) -> login answer. */
  users: '/users',
  /** GET -> RobotCheckChallenge (contract/robot-check.ts): the sign-up's "I'm not a robot" challenge, no sign-in. */
  joinRobotCheck: '/users/robot-check',
  me: '/users/me',
  /** PATCH { key, value }: one user_data entry; value must survive a JSON round trip. */
  userData: '/users/me/user-data',
  balances: '/wallet/balances',
  /** GET ?names=a,b -> { results: [{ key, value }] } */
  properties: '/properties',
  legalDocuments: '/legal-documents',
} as const;

export const apiUrl = (path: string): string => `${API_PREFIX}${path}`;
