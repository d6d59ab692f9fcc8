/**
 * Which game vendor the launch route hands sessions to. main.ts attaches the sandbox it serves on
 * VENDOR_SANDBOX_ORIGIN; a real vendor would be attached there instead, built from its own
 * settings. When nothing was attached (tests of other features), the sandbox provider on the
 * configured origin is used.
 */
import type { AppDeps } from '../../core/deps.ts';
import { sandboxVendorProvider } from '../../providers/vendor-games/sandbox/vendor-sandbox.ts';
import type { VendorGameProvider } from '../../providers/vendor-games/vendor-game-provider.ts';

const attached = new WeakMap<AppDeps, VendorGameProvider>();

export function attachVendorGameProvider(deps: AppDeps, provider: VendorGameProvider): void {
  attached.set(deps, provider);
}

export function vendorGameProvider(deps: AppDeps): VendorGameProvider {
  let provider = attached.get(deps);
  if (!provider) {
    provider = sandboxVendorProvider(deps.config.vendorSandboxOrigin);
    attached.set(deps, provider);
  }
  return provider;
}
