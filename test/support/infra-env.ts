/** Reads a variable infra/local exports; a missing one fails the suite with the command to run. */
export function required(variable: string): string {
  const value = process.env[variable];
  if (!value)
    throw new Error(
      `${variable} is not set: run \`infra/local/pulse-local up\` and \`eval "$(infra/local/pulse-local env)"\` (npm test does both)`,
    );
  return value;
}
