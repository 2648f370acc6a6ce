import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

// The languages a technical Q&A sees most; the rest show as plain code. Registered once per process on the
// core build, so the other ~180 grammars are never loaded.
const LANGUAGES = {
  bash,
  cpp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  kotlin,
  python,
  rust,
  sql,
  typescript,
  xml,
  yaml,
};
for (const [name, grammar] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, grammar);

/**
 * A fenced block's code as highlighted HTML (spans with `hljs-*` classes, text escaped by highlight.js), or
 * '' when the fence names no language we know: markdown-it then escapes the code itself. Never guesses a
 * language: auto-detection is slow on long blocks and often wrong on short ones.
 */
export function highlightCode(code: string, info: string): string {
  const language = info.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (!language || !hljs.getLanguage(language)) return '';
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
