/**
 * `npm run operator -- <command>`: the operator console on the command line, against the
 * configured database (DATABASE_URL, else the embedded database in DATA_DIR). The embedded
 * database belongs to one process: with PGlite, stop the server first (or use /operator).
 * Commands and options: ./cli-commands.ts (USAGE), docs/operations.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../../platform/config.ts';
import { migrate } from '../../db/migrate.ts';
import { openDatabase } from '../../db/open-database.ts';
import { createPasswordHasher } from '../../core/sessions/password-hash.ts';
import { runOperatorCommand } from './cli-commands.ts';

async function readStdinFirstLine(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password for the new operator: ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (Buffer.concat(chunks).includes(0x0a)) break;
  }
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/, 1)[0] ?? '';
}

/** A server running on the same embedded database holds it: say so instead of corrupting it. */
function serverHoldsDataDir(config: Config): number | null {
  if (config.databaseUrl) return null;
  const lock = path.join(config.dataDir, 'server.pid');
  if (!existsSync(lock)) return null;
  const pid = Number(readFileSync(lock, 'utf8'));
  try {
    if (pid > 0 && pid !== process.pid) {
      process.kill(pid, 0);
      return pid;
    }
  } catch {
    return null;
  }
  return null;
}

async function main(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const holder = serverHoldsDataDir(config);
  if (holder !== null) {
    process.stderr.write(
      `The server (pid ${holder}) is using the embedded database in ${config.dataDir}. Stop it first, or use the /operator page.\n`,
    );
    return 1;
  }
  const db = await openDatabase(config);
  try {
    await migrate(db);
    return await runOperatorCommand(
      {
        db,
        hasher: createPasswordHasher(config.passwordHashCost),
        now: Date.now,
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
        readPassword: async () => process.env.OPERATOR_PASSWORD ?? (await readStdinFirstLine()),
      },
      process.argv.slice(2),
    );
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
