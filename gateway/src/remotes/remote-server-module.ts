import vm from 'node:vm';

/**
 * Runs a remote's server bundle (CommonJS, frontends/rspack.common.js remoteServerConfig) and returns its
 * exports. Its `require` answers only the libraries the shell's server bundle shares (`shared`, by the names
 * the remote's build left external): the remote's components must run on the React, router and query
 * library of the render that shows them, or their hooks and contexts would be another copy's. Any other
 * require is an error, so a bundle built to expect more is refused instead of half-working.
 *
 * Not a sandbox: the code runs in the gateway's process with its rights, as the shell's bundle does, which
 * is why REMOTE_*_URL must name a deployment as trusted as the gateway's own image (ARCHITECTURE.md 'The
 * gateway's edge').
 */
export function linkServerModule(
  code: string,
  filename: string,
  shared: Readonly<Record<string, unknown>>,
): unknown {
  const module = { exports: {} as unknown };
  const require = (id: string): unknown => {
    if (Object.hasOwn(shared, id)) return shared[id];
    throw new Error(`${filename} requires '${id}', which the shell's server bundle does not share`);
  };
  const factory = vm.runInThisContext(`(function (exports, require, module) {\n${code}\n})`, {
    filename,
  }) as (exports: unknown, require: (id: string) => unknown, module: { exports: unknown }) => void;
  factory.call(module.exports, module.exports, require, module);
  return module.exports;
}
