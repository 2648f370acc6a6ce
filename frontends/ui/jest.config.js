// Component tests render with Testing Library into jsdom (src/testing/jest-preset.js); the other specs run there too.
module.exports = require('./src/testing/jest-preset')('frontend-ui', __dirname);
