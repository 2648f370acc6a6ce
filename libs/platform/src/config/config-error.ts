/**
 * A configuration problem found at start. Its message is one line that names the variable, so an
 * operator reading a crash-looping pod's log sees at once what to fix.
 */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
  ) {
    super(`Invalid configuration: ${variable} — ${problem}`);
    this.name = 'ConfigError';
  }
}
