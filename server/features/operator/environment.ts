/**
 * The operator named by the environment: OPERATOR_EMAIL and OPERATOR_PASSWORD, both or neither.
 * Read at server start (server/main.ts), which creates that operator when missing.
 */
import { ConfigError } from '../../platform/config.ts';
import { checkOperatorEmail, checkOperatorPassword, OperatorInputError } from './operators.ts';

export interface OperatorCredentials {
  email: string;
  password: string;
}

export function operatorCredentialsFromEnv(
  env: Record<string, string | undefined>,
): OperatorCredentials | null {
  const email = env.OPERATOR_EMAIL?.trim() || undefined;
  const password = env.OPERATOR_PASSWORD || undefined;
  if (email === undefined && password === undefined) return null;
  const problems: string[] = [];
  if (email === undefined || password === undefined)
    problems.push('OPERATOR_EMAIL and OPERATOR_PASSWORD must be set together (or neither).');
  else {
    for (const check of [() => checkOperatorEmail(email), () => checkOperatorPassword(password)]) {
      try {
        check();
      } catch (error) {
        if (!(error instanceof OperatorInputError)) throw error;
        problems.push(`OPERATOR_EMAIL / OPERATOR_PASSWORD: ${error.message}`);
      }
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { email: checkOperatorEmail(email!), password: password! };
}
