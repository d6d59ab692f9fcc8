/** What the users feature offers the other features: their only way in (eslint.server-layers.js). */
export { checkSignUp, insertUser } from './create-user.ts';
