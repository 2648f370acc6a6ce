// Runs every project's tests in one Jest invocation (the README's test command uses it).
module.exports = {
  projects: [
    '<rootDir>/libs/*/jest.config.js',
    '<rootDir>/gateway/jest.config.js',
    '<rootDir>/services/*/jest.config.js',
    '<rootDir>/embedded/jest.config.js',
    '<rootDir>/frontends/*/jest.config.js',
    '<rootDir>/test/jest.config.js',
  ],
};
