/**
 * A Module Federation runtime plugin of the shell: it hands its copy of `@module-federation/sdk` (helpers
 * the runtime in every container uses: ~6 KiB compressed) to the remotes, which are built with the SDK as an
 * external (`_LP_FEDERATION_SDK`), like the runtime core that `provideExternalRuntime` hands over. The shell
 * runs it when its federation runtime starts, before any remote's entry is loaded.
 */
import * as sdk from '@module-federation/sdk';

declare global {
  var _LP_FEDERATION_SDK: typeof sdk | undefined;
}

export default function provideSdk() {
  return {
    name: 'lp-provide-federation-sdk',
    beforeInit<T>(args: T): T {
      globalThis._LP_FEDERATION_SDK ??= sdk;
      return args;
    },
  };
}
