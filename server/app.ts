/** Builds the Hono application: security headers, the /api/v1 routes, then the built app. Tests call `createApp(deps).request()`. */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { API_PATHS, API_PREFIX } from '../src/contract/api-paths.ts';
import { authRoutes } from './features/auth/routes.ts';
import { hasSessionHint } from './core/sessions/refresh-tokens.ts';
import { secureCookies } from './core/sessions/start-session.ts';
import { legalRoutes } from './features/legal/legal-document-routes.ts';
import { latestLegalDocuments } from './features/legal/legal-documents.ts';
import { legalAcceptanceRoutes } from './features/legal/legal-acceptance-routes.ts';
import { responsiblePlayRoutes } from './features/responsible-play/routes.ts';
import { communicationPreferencesRoutes } from './features/communication-preferences/routes.ts';
import { supportDeskRoutes } from './features/support-desk/routes.ts';
import { reviewRoutes } from './features/reviews/routes.ts';
import { socialAuthRoutes } from './features/social-auth/routes.ts';
import { SOCIAL_PROVIDERS, socialDeletionCallbackPath } from '../src/contract/social-auth.ts';
import { COMMUNICATION_PREFERENCES_PATHS } from '../src/contract/communication-preferences.ts';
import { propertyRoutes } from './core/property-routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { accountRoutes, AVATAR_UPLOAD_API_PATH, avatarBodyLimit } from './features/account/routes.ts';
import { mobileVerificationRoutes } from './features/mobile-verification/routes.ts';
import { walletRoutes } from './features/wallet/routes.ts';
import { historyRoutes } from './features/history/routes.ts';
import { promoCodeRoutes } from './features/promo-codes/routes.ts';
import { welcomeOfferRoutes } from './features/promo-codes/welcome-offer.ts';
import { complimentaryGoldRoutes } from './features/complimentary-gold/routes.ts';
import { purchaseLimitRoutes } from './features/purchase-limits/routes.ts';
import { addressRoutes } from './features/payments/address-routes.ts';
import { paymentRoutes } from './features/payments/routes.ts';
import { storeRoutes } from './features/store/routes.ts';
import { gameRoutes } from './features/games/routes.ts';
import { operatorRoutes } from './features/operator/routes.ts';
import { isOperatorApiPath } from './core/sessions/operator-session.ts';
import { kycRoutes } from './features/kyc/routes.ts';
import { vendorLaunchRoutes } from './features/vendor-wallet/launch-route.ts';
import { vendorWalletRoutes } from './features/vendor-wallet/routes.ts';
import { amoeRoutes } from './features/amoe/routes.ts';
import { promoRoutes } from './features/promotions/routes.ts';
import { referralRoutes } from './features/referrals/routes.ts';
import { loginBonusRoutes } from './features/login-bonus/routes.ts';
import { dailyBonusRoutes } from './features/daily-bonus/routes.ts';
import { redemptionRoutes } from './features/redemption/routes.ts';
import { taxRoutes } from './features/tax/routes.ts';
import { leaderboardRoutes } from './features/leaderboard/routes.ts';
import { PAYMENTS_WEBHOOK_PATHS } from '../src/contract/payments.ts';
import { VENDOR_WALLET_SIGNED_PATHS } from '../src/contract/vendor-wallet.ts';
import type { AppEnv } from './http/app-env.ts';
import type { AppDeps, ServerHooks } from './core/deps.ts';
import { loginBonusAtSessionStart } from './features/login-bonus/public.ts';
import { loginPromosAtSessionStart } from './features/promotions/public.ts';
import { compression } from './http/compression.ts';
import { countryBlock } from './http/country-block.ts';
import { csrfProtection } from './http/csrf.ts';
import { goldOnlyAnswers } from './http/gold-only.ts';
import { errorHandler, MAX_BODY_BYTES, notFoundHandler } from './http/errors.ts';
import { answerLedgerKeyConflict } from './core/ledger/ledger-errors.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveApp } from './http/static-files.ts';
import { prerenderedPages } from './http/prerendered-pages.ts';
import { checkUrl } from './http/url-edge.ts';

/** The features' parts in what core announces (core/deps.ts ServerHooks), in the order they run. */
export const featureHooks: ServerHooks = {
  sessionStarted: [loginBonusAtSessionStart, loginPromosAtSessionStart],
};

export interface AppOptions {
  /** Routes mounted under the API prefix beside the product's; only the test entries pass any. */
  testRoutes?: readonly Hono<AppEnv>[];
}

export function createApp(deps: AppDeps, options: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // gzip text answers of 1 KB or more (app shell, scripts, styles, large JSON): phones on slow
  // links load a third of the bytes; tiny JSON answers go out as they are.
  app.use('*', compression());
  app.use(
    '*',
    securityHeaders({
      https: deps.config.publicOrigin.startsWith('https://'),
      // Card fields, 3-D Secure and bank authorization frames come from the payments sandbox
      // origin; the vendor game's frame from the game vendor's origin; the identity verification
      // frame from the identity provider's origin.
      frameSrc: [
        deps.config.cardSandboxOrigin,
        deps.config.vendorSandboxOrigin,
        deps.config.kycSandboxOrigin,
      ],
    }),
  );
  // One line per request at debug level only; at other levels the middleware is not installed.
  if (deps.logger.level === 'debug')
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      deps.logger.debug('request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      });
    });

  const api = new Hono<AppEnv>();
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new HTTPException(413);
    },
  });
  // A profile picture is the one body larger than the JSON limit.
  const limitAvatarBody = avatarBodyLimit();
  const country = deps.config.trustCountryHeader ? countryBlock(deps.config.trustCountryHeader) : null;
  const csrf = csrfProtection(deps.secrets.csrfSecret, {
    secure: deps.config.publicOrigin.startsWith('https://'),
  });
  // Provider webhooks, the game vendor's wallet calls and mail clients' one-click unsubscribes
  // carry no browser cookies: they are verified by their HMAC signature instead.
  const webhookPaths = new Set(
    [
      ...PAYMENTS_WEBHOOK_PATHS,
      ...VENDOR_WALLET_SIGNED_PATHS,
      COMMUNICATION_PREFERENCES_PATHS.oneClick,
      // Identity providers' data deletion requests, verified by the provider's signature.
      ...SOCIAL_PROVIDERS.map(socialDeletionCallbackPath),
    ].map((p) => `${API_PREFIX}${p}`),
  );
  // The edge of every API request, one middleware in this order: the URL, the body size, the
  // country, the CSRF token. A read (GET/HEAD) has no body and no token to check: its cost is the
  // URL check, which is what the most frequent requests (balance, session) pay.
  api.use('*', async (c, next) => {
    checkUrl(c.req.url);
    const read = c.req.method === 'GET' || c.req.method === 'HEAD';
    if (read && !country) return next();
    const afterCountry = async () => {
      // The operator console checks its own CSRF token (its own key and cookie) at its edge.
      if (read || webhookPaths.has(c.req.path) || isOperatorApiPath(c.req.path)) await next();
      else await csrf(c, next);
    };
    // The country block is for players' browsers; signed server-to-server calls (provider
    // webhooks, the game vendor's wallet calls) may come from data centres anywhere.
    const afterBody = async () => {
      if (country && !webhookPaths.has(c.req.path)) await country(c, afterCountry);
      else await afterCountry();
    };
    if (read) return afterBody();
    if (c.req.path === AVATAR_UPLOAD_API_PATH) return limitAvatarBody(c, afterBody);
    return limitBody(c, afterBody);
  });
  if (deps.config.goldOnly) api.use('*', goldOnlyAnswers());
  api.get(API_PATHS.health, async (c) => {
    try {
      await deps.db.query('SELECT 1');
      return c.json({ status: 'ok', database: deps.db.kind });
    } catch {
      return c.json({ status: 'unavailable', database: deps.db.kind }, 503);
    }
  });
  api.route('/', authRoutes(deps));
  api.route('/', userRoutes(deps));
  api.route('/', accountRoutes(deps));
  api.route('/', mobileVerificationRoutes(deps));
  api.route('/', walletRoutes(deps));
  api.route('/', historyRoutes(deps));
  api.route('/', purchaseLimitRoutes(deps));
  api.route('/', promoCodeRoutes(deps));
  api.route('/', welcomeOfferRoutes(deps));
  api.route('/', complimentaryGoldRoutes(deps));
  api.route('/', propertyRoutes(deps));
  api.route('/', legalRoutes(deps));
  api.route('/', legalAcceptanceRoutes(deps));
  api.route('/', responsiblePlayRoutes(deps));
  api.route('/', communicationPreferencesRoutes(deps));
  api.route('/', supportDeskRoutes(deps));
  api.route('/', reviewRoutes(deps));
  api.route('/', socialAuthRoutes(deps));
  api.route('/', storeRoutes(deps));
  api.route('/', paymentRoutes(deps));
  api.route('/', addressRoutes(deps));
  api.route('/', vendorWalletRoutes(deps));
  api.route('/', vendorLaunchRoutes(deps));
  api.route('/', gameRoutes(deps));
  api.route('/', operatorRoutes(deps));
  api.route('/', kycRoutes(deps));
  api.route('/', amoeRoutes(deps));
  api.route('/', leaderboardRoutes(deps));
  api.route('/', promoRoutes(deps));
  api.route('/', referralRoutes(deps));
  api.route('/', loginBonusRoutes(deps));
  api.route('/', dailyBonusRoutes(deps));
  // Redemption exists only with Sweeps: not mounted in gold-only mode.
  for (const routes of options.testRoutes ?? []) api.route('/', routes);
  if (!deps.config.goldOnly) api.route('/', redemptionRoutes(deps));
  // The W-9 exists for prize redemptions: not mounted in gold-only mode.
  if (!deps.config.goldOnly) api.route('/', taxRoutes(deps));
  app.route(API_PREFIX, api);

  const prerendered = prerenderedPages(deps.config.distDir, {
    latestLegalDocuments: () => latestLegalDocuments(deps.db),
    goldOnly: deps.config.goldOnly,
    onError: (error, pathname) => deps.logger.warn('prerender_failed', { pathname, error: String(error) }),
  });
  const secure = secureCookies(deps);
  app.use('*', serveApp(deps.config.distDir, { prerendered, signedIn: (c) => hasSessionHint(c, secure) }));
  app.onError(errorHandler(deps.logger, [answerLedgerKeyConflict]));
  app.notFound(notFoundHandler(app));
  return app;
}
