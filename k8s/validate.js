#!/usr/bin/env node
// Entry point of the offline deployment checks; they live in ./validate/ (index.js runs them).
require('./validate/index.js');
