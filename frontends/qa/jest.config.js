// Component tests render into the linkedom DOM of frontends/ui/src/testing/dom-env.ts.
module.exports = require('../ui/src/testing/jest-preset')('frontend-qa', __dirname);
