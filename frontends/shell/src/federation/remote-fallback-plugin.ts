import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteFallback } from './RemoteFallback';

/**
 * Turns a remote that cannot be loaded (manifest or entry unreachable, expose missing) into a module whose
 * component is the Korean fallback, so the shell renders it in place of that remote and nothing else breaks.
 * Errors thrown while a loaded remote renders are caught by RemoteErrorBoundary instead.
 */
export function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'pulse-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      // Earlier stages ('afterResolve': the manifest fetch) would take a returned value as the manifest
      // itself; let them fail so the error reaches the final 'onLoad' stage and is answered once, here.
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`[펄스] 원격 모듈 ${id}을(를) 불러오지 못했습니다.`, error);
      return { default: RemoteFallback };
    },
  };
}
