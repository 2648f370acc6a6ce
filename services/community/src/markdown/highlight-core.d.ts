// highlight.js types its root and its languages but not the core entry, which holds no language until one
// is registered (post-markdown.ts registers a handful): the same API as the root.
declare module 'highlight.js/lib/core' {
  import type { HLJSApi } from 'highlight.js';
  const hljs: HLJSApi;
  export default hljs;
}
