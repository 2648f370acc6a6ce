// Jest's jsdom environment plus what jsdom lacks and Node has: the fetch classes (fetch-mock.ts and the API
// specs build real Responses) and TextEncoder/TextDecoder (react-router needs them). The browser APIs jsdom
// lacks are shimmed in dom-env.ts.
const { TestEnvironment } = require('jest-environment-jsdom');

module.exports = class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of [
      'fetch',
      'Response',
      'Request',
      'Headers',
      'ReadableStream',
      'TextEncoder',
      'TextDecoder',
    ]) {
      if (this.global[name] === undefined) this.global[name] = globalThis[name];
    }
  }
};
