// What the shell and the remotes use of react-router, and all that module federation shares of it under
// that name (rspack.common.js `sharedSingletons`). The package is read under an alias
// (`react-router-entry`): under its own name the import would be this shared module again. Shared as the whole package, react-router could not be
// tree-shaken: a remote might ask for any export, so all ~190 KB (data routers, server rendering, cookie
// parsing) went into the shell's first chunk. Shared as this list, the build keeps only what these need.
// A name missing here fails the build (`exportsPresence: 'error'`); adding one means rebuilding the shell
// before a remote that uses it is deployed, since remotes take the shell's copy.
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-entry';
