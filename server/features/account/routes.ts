/**
 * My Account's own calls: the profile picture (upload and serving), change password, change
 * email (request and the mailed link's confirmation) and close account. Name changes and the
 * owed birth date go through patch me (server/features/users/routes.ts).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  ACCOUNT_API_PATHS,
  ACCOUNT_ERROR_CODES,
  ACCOUNT_TEXTS,
  AVATAR_FIELD,
  AVATAR_IMAGE_ROUTE,
  AVATAR_MAX_BYTES,
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  ConfirmEmailRequestSchema,
} from '../../../src/contract/account.ts';
import { API_PREFIX } from '../../../src/contract/api-paths.ts';
import { passwordProblem } from '../../../src/contract/eligibility.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { readBody } from '../../http/validate.ts';
import { clearRefreshCookie } from '../../core/sessions/refresh-tokens.ts';
import { secureCookies } from '../../core/sessions/start-session.ts';
import { findUserById, toWireUser, type UserRow } from '../../core/users/users-repo.ts';
import { changePassword, findAvatar, replaceAvatar } from './account-store.ts';
import { reencodeAvatar } from './avatar-image.ts';
import { closeAccount } from './close-account.ts';
import { checkNewEmail, confirmEmailChange, requestEmailChange } from './email-change.ts';
import { assertCurrentPassword } from './password-check.ts';
import { checkPasswordResetTicket } from '../../core/sessions/password-reset-ticket.ts';

/** The upload's request path: the edge lets this one body be as large as a picture (server/app.ts). */
export const AVATAR_UPLOAD_API_PATH = `${API_PREFIX}${ACCOUNT_API_PATHS.avatar}`;
/** The picture plus the multipart framing (boundaries, part headers, a `username` field). */
const AVATAR_MAX_BODY_BYTES = AVATAR_MAX_BYTES + 16 * 1024;

const imageTooLarge = () =>
  new ApiError(413, ACCOUNT_ERROR_CODES.IMAGE_TOO_LARGE, ACCOUNT_TEXTS.imageTooLarge, AVATAR_FIELD);
const invalidUpload = () =>
  new ApiError(400, ACCOUNT_ERROR_CODES.INVALID_UPLOAD, ACCOUNT_TEXTS.invalidUpload, AVATAR_FIELD);

/** The body limit of the upload path, used at the API's edge instead of the 64 KB JSON limit. */
export function avatarBodyLimit(): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: AVATAR_MAX_BODY_BYTES,
    onError: () => {
      throw imageTooLarge();
    },
  });
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const toBytes = (v: Uint8Array | Buffer): Buffer => (Buffer.isBuffer(v) ? v : Buffer.from(v));

export function accountRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;
  const auth = requireAuth(deps);
  const secure = secureCookies(deps);

  const loadMe = async (id: string): Promise<UserRow> => {
    const user = await findUserById(db, id);
    if (!user) throw new ApiError(401, ERROR_CODES.NOT_AUTHENTICATED, 'Please sign in to continue.');
    return user;
  };

  app.patch(ACCOUNT_API_PATHS.avatar, auth, async (c) => {
    const type = (c.req.header('Content-Type') ?? '').toLowerCase();
    if (!type.startsWith('multipart/form-data')) throw invalidUpload();
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw invalidUpload();
    }
    const files = form.getAll(AVATAR_FIELD);
    const file = files[0];
    if (files.length !== 1 || !(file instanceof File) || file.size === 0) throw invalidUpload();
    if (file.size > AVATAR_MAX_BYTES) throw imageTooLarge();
    const avatar = await reencodeAvatar(new Uint8Array(await file.arrayBuffer()));
    const id = c.get('userId');
    const now = new Date(deps.now()).toISOString();
    await replaceAvatar(db, id, avatar, now);
    return c.json(toWireUser(await loadMe(id)));
  });

  app.get(AVATAR_IMAGE_ROUTE, async (c) => {
    const avatarId = c.req.param('id');
    const notFound = () => new ApiError(404, ERROR_CODES.NOT_FOUND, 'No such picture.');
    if (!UUID_PATTERN.test(avatarId)) throw notFound();
    const etag = `"${avatarId.toLowerCase()}"`;
    // Each upload has its own id: the content behind one URL never changes.
    const caching = {
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    };
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, caching);
    const row = await findAvatar(db, avatarId);
    if (!row) throw notFound();
    const bytes = toBytes(row.image);
    return c.body(new Uint8Array(bytes), 200, {
      ...caching,
      'Content-Type': row.content_type,
      'Content-Length': String(bytes.length),
    });
  });

  app.post(ACCOUNT_API_PATHS.password, auth, async (c) => {
    const body = await readBody(c, ChangePasswordRequestSchema);
    const id = c.get('userId');
    const sessionId = c.get('sessionId');
    const me = await loadMe(id);
    const weakness = passwordProblem(body.password1, {
      email: me.email,
      first_name: me.first_name,
      last_name: me.last_name,
    });
    if (weakness) throw new ApiError(400, ERROR_CODES.WEAK_PASSWORD, weakness, 'password1');
    if ((body.password2 ?? body.password1) !== body.password1)
      throw new ApiError(400, ERROR_CODES.PASSWORD_MISMATCH, 'The passwords do not match.', 'password2');
    if (body.reset_token !== undefined) {
      // Password recovery: the ticket of this session's recovery link stands in for the old password.
      // The password is the player's only after the link proved the mailbox: the same throttles
      // as a password check do not apply, the ticket's HMAC does.
      const ticketOk = checkPasswordResetTicket(
        deps.secrets.jwtSecret,
        body.reset_token,
        { userId: id, sessionId, passwordHash: me.password_hash },
        deps.now(),
      );
      if (!ticketOk)
        throw new ApiError(
          400,
          ACCOUNT_ERROR_CODES.RESET_TICKET_INVALID,
          ACCOUNT_TEXTS.resetTicketInvalid,
          'reset_token',
        );
    } else if (!body.current_password) {
      throw new ApiError(
        400,
        ERROR_CODES.VALIDATION_ERROR,
        ACCOUNT_TEXTS.currentPasswordMissing,
        'current_password',
      );
    } else await assertCurrentPassword(deps, c, me, body.current_password);
    const hash = await deps.hasher.hash(body.password1);
    const now = new Date(deps.now()).toISOString();
    const resetting = body.reset_token !== undefined;
    if (!(await changePassword(db, id, hash, sessionId, now, resetting ? me.password_hash : undefined)))
      throw new ApiError(
        400,
        ACCOUNT_ERROR_CODES.RESET_TICKET_INVALID,
        ACCOUNT_TEXTS.resetTicketInvalid,
        'reset_token',
      );
    deps.logger.info('password changed', { user_id: id });
    return c.body(null, 204);
  });

  app.post(ACCOUNT_API_PATHS.email, auth, async (c) => {
    const body = await readBody(c, ChangeEmailRequestSchema);
    const me = await loadMe(c.get('userId'));
    const email = await checkNewEmail(deps, me, body.email);
    await assertCurrentPassword(deps, c, me, body.current_password);
    return c.json(await requestEmailChange(deps, me, email), 202);
  });

  app.post(ACCOUNT_API_PATHS.emailConfirm, async (c) => {
    const body = await readBody(c, ConfirmEmailRequestSchema);
    return c.json({ email: await confirmEmailChange(deps, body.token) });
  });

  app.post(ACCOUNT_API_PATHS.close, auth, async (c) => {
    const id = c.get('userId');
    await closeAccount(db, id, 'player_request', deps.now());
    clearRefreshCookie(c, secure);
    deps.logger.info('account closed', { user_id: id, reason: 'player_request' });
    return c.body(null, 204);
  });

  return app;
}
