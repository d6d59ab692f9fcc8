/**
 * State of a sandbox provider (card processor, pay-by-bank): a JSON document kept in memory and,
 * when a file is given, written through to DATA_DIR/<name>.json after every change (write to a
 * temporary file, then rename) so saved cards and payments survive a restart like they would at
 * a real provider. Tests pass no file. One server process owns the file (the DATA_DIR lock).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

export class SandboxState<T extends object> {
  readonly data: T;

  constructor(
    private readonly file: string | null,
    initial: () => T,
  ) {
    let loaded: T | null = null;
    if (file && existsSync(file)) {
      try {
        loaded = { ...initial(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<T>) };
      } catch {
        throw new Error(`${file} is not valid JSON. Delete it to reset the sandbox provider.`);
      }
    }
    this.data = loaded ?? initial();
  }

  save(): void {
    if (!this.file) return;
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data), { mode: 0o600 });
    renameSync(tmp, this.file);
  }
}
