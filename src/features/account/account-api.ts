/** The account pages' calls; each answer that carries the User refreshes the signed-in player. */
import {
  ACCOUNT_API_PATHS,
  AVATAR_FIELD,
  ChangeEmailResponseSchema,
  ConfirmEmailResponseSchema,
  type ChangeEmailResponse,
} from '../../contract/account.ts';
import { API_PATHS } from '../../contract/api-paths.ts';
import { UserSchema, type User } from '../../contract/schemas.ts';
import { api } from '../../lib/api-client.ts';
import { applyProfileUpdate } from '../../state/profile-actions.ts';
import { store } from '../../state/store.ts';

const keep = applyProfileUpdate;

/** Errors are the page's to show (field by field), not the catalogue dialogs'. */
const quiet = { handleErrors: false } as const;

export async function uploadAvatar(file: File): Promise<User> {
  const form = new FormData();
  form.append(AVATAR_FIELD, file, file.name);
  return keep(await api.patch(ACCOUNT_API_PATHS.avatar, form, UserSchema, quiet));
}

/** With `reset_token` (a recovery link's ticket) in place of `current_password`. */
export async function changePassword(body: {
  current_password?: string;
  reset_token?: string;
  password1: string;
  password2: string;
}): Promise<void> {
  await api.post(ACCOUNT_API_PATHS.password, body, undefined, quiet);
}

export async function changeName(first_name: string, last_name: string): Promise<User> {
  return keep(await api.patch(API_PATHS.me, { first_name, last_name }, UserSchema, quiet));
}

export function requestEmailChange(email: string, current_password: string): Promise<ChangeEmailResponse> {
  return api.post(ACCOUNT_API_PATHS.email, { email, current_password }, ChangeEmailResponseSchema, quiet);
}

export async function confirmEmailChange(token: string): Promise<string> {
  const answer = await api.post(ACCOUNT_API_PATHS.emailConfirm, { token }, ConfirmEmailResponseSchema, quiet);
  if (store.session.status === 'signed-in') keep(await api.get(API_PATHS.me, UserSchema, quiet));
  return answer.email;
}

export async function closeAccount(): Promise<void> {
  await api.post(ACCOUNT_API_PATHS.close, {}, undefined, quiet);
}
