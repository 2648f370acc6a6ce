// Component tests render with Testing Library into jsdom (testing/jest-preset.js); the other specs run there too.
module.exports = require('./testing/jest-preset')('frontend-ui', __dirname);
