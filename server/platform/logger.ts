/** One-line JSON logs on stdout/stderr, filtered by LOG_LEVEL. */
import type { LogLevel } from './config.ts';

export interface Logger {
  /** The configured level, when known: lets callers skip building what would not be logged. */
  readonly level?: LogLevel;
  debug(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(level: LogLevel): Logger {
  const log = (at: Exclude<LogLevel, 'silent'>) => (msg: string, data?: Record<string, unknown>) => {
    if (RANK[at] < RANK[level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...data });
    if (at === 'error' || at === 'warn') process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return { level, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
