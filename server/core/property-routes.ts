/**
 * GET /properties (spec section 7): the named properties asked for by name, or all of them, with
 * the ones the configuration owns answered from it (properties.ts).
 */
import { Hono } from 'hono';
import { API_PATHS } from '../../src/contract/api-paths.ts';
import { ERROR_CODES } from '../../src/contract/errors.ts';
import { ApiError } from '../http/api-error.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { AppDeps } from './deps.ts';
import { configOverrides, readProperties, SWEEPS_ONLY_PROPERTIES } from './properties.ts';

const MAX_NAMES = 50;

export function propertyRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(API_PATHS.properties, async (c) => {
    const raw = c.req.queries('names');
    let names: string[] | null = null;
    if (raw) {
      names = [
        ...new Set(
          raw
            .flatMap((v) => v.split(','))
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (names.length > MAX_NAMES || names.some((n) => !/^[a-z0-9_]{1,64}$/.test(n))) {
        throw new ApiError(
          400,
          ERROR_CODES.VALIDATION_ERROR,
          `names must be up to ${MAX_NAMES} comma-separated property names.`,
          'names',
        );
      }
    }
    // Unknown names are left out of the answer rather than refused, so an older server does not break a newer app.
    const results = await readProperties(deps.db, names, configOverrides(deps.config));
    return c.json({
      results: deps.config.goldOnly
        ? results.filter((p) => !SWEEPS_ONLY_PROPERTIES.includes(p.key))
        : results,
    });
  });
  return app;
}
