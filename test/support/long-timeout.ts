// System tests start real processes. `testTimeout` is a global Jest option (ignored per project when the
// root config runs every project), so the allowance is set here, per project.
jest.setTimeout(180_000);
