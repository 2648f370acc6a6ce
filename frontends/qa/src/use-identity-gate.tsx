// The gate moved to @pulse/frontend-ui so the article comments (also in the shell and the news remote)
// use the same one.
export { useIdentityGate } from '@pulse/frontend-ui';
