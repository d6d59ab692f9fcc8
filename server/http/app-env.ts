/** Hono context variables set by the middleware (the dependencies routes receive: core/deps.ts). */

export interface AppEnv {
  Variables: {
    /** Set by requireAuth: the signed-in player's id. */
    userId: string;
    /** Set by requireAuth: the sign-in session of the access token. */
    sessionId: string;
    /** Set by the CSRF check on unsafe requests: the session its token was issued to ('anon' before sign-in). */
    csrfSessionId: string | undefined;
  };
}
