// Runs every project's tests in one Jest invocation (the README's test command uses it).
module.exports = {
  // A worker runs many test files in turn and its heap grows with each (modules Jest cannot free between
  // files); one reached Node's 4 GB limit in a full run and crashed. Past this size, idle between files,
  // it is replaced by a fresh one.
  workerIdleMemoryLimit: '1536MB',
  projects: [
    '<rootDir>/libs/*/jest.config.js',
    '<rootDir>/gateway/jest.config.js',
    '<rootDir>/services/*/jest.config.js',
    '<rootDir>/embedded/jest.config.js',
    '<rootDir>/frontends/*/jest.config.js',
    '<rootDir>/test/jest.config.js',
  ],
};
