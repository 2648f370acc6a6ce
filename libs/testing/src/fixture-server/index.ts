export {
  startFixtureServer,
  DEFAULT_FIXTURES_ROOT,
  type FixtureServer,
  type FixtureServerOptions,
  type RecordedFixtureRequest,
} from './fixture-server';
export { HOSTILE_ROUTES } from './hostile-routes';
