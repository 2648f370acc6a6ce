// What the shell and the remotes use of @tanstack/react-query, and all that module federation shares of it
// under that name (rspack.common.js `sharedSingletons`), for the reason router-exports.js gives: shared as
// the whole package it could not be tree-shaken (suspense hooks, HydrationBoundary, query observers for
// many queries at once…). The package is imported under the alias rspack.common.js gives it, since its own
// name is the shared module's, this file. A name missing here fails the build; adding one means rebuilding the shell before
// a remote that uses it is deployed, since remotes take the shell's copy.
export {
  dehydrate,
  hydrate,
  QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from 'tanstack-react-query-entry';
