// Component tests render with Testing Library into jsdom (frontends/ui/src/testing/jest-preset.js).
module.exports = require('../ui/src/testing/jest-preset')('frontend-shell', __dirname);
