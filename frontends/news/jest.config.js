// Component tests render with Testing Library into jsdom (frontends/ui/testing/jest-preset.js).
module.exports = require('../ui/testing/jest-preset')('frontend-news', __dirname);
