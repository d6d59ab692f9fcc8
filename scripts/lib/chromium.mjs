// The Chromium the project's scripts drive, and the launch flags that work on these machines
// (no sandbox as root, no background networking: the machine's network is closed).
import { existsSync } from 'node:fs';

/** An explicit path from the environment, else Debian's package, else undefined (Playwright's own). */
export const chromiumExecutable = () =>
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ??
  process.env.CHROME_PATH ??
  (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** Flags after the headless flag (which differs between playwright-core and chrome-launcher). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
