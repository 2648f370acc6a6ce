import sanitizeHtml from 'sanitize-html';
import { stripInstructionsFromText } from '@pulse/platform';
import { sanitiseHtml } from '../sanitise/sanitise-html';

export { speaksToModel, stripInstructionsFromText } from '@pulse/platform';

/**
 * HTML without the sentences that speak to the model (each text node on its own), still within the
 * allow-list. The sentence patterns live in libs/platform (security/model-instructions.ts), shared with the
 * community assistant.
 */
export function stripInstructionsFromHtml(html: string): { html: string; removed: string[] } {
  const removed: string[] = [];
  const filtered = sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    // Every tag passes this text-only pass on purpose: its output is sanitised below before use (or
    // discarded), so the library's warning about script/style would only flood the logs per item.
    allowVulnerableTags: true,
    textFilter: (text) => {
      const result = stripInstructionsFromText(text);
      removed.push(...result.removed);
      return result.removed.length ? ` ${result.text} ` : text;
    },
  });
  return { html: removed.length ? sanitiseHtml(filtered) : html, removed };
}
