// Presentational pieces shared by the shell and the remotes. Imported as source and compiled into each
// bundle (not a federation shared module): see frontends/README.md.
export { NotFound } from './NotFound';
export { Page } from './Page';
export { Placeholder } from './Placeholder';
