// Stylesheets mean nothing to component tests; rspack handles them in the build.
module.exports = {};
