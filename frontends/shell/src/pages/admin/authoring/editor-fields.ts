import type {
  AdminInsight,
  AdminTechAnalysis,
  CategorySlug,
  DifficultyLevel,
  TechnologyCategory,
} from '@pulse/contracts';
import type { AuthoringKind } from './authoring-labels';
import { htmlToMarkdown, markdownToHtml } from './markdown-html';

/** The screen's form: every value as the inputs hold it (text), Markdown for the long sections. */
export interface EditorForm {
  title: string;
  // insight
  summary: string;
  primaryCategory: CategorySlug;
  /** Comma-separated. */
  tags: string;
  /** One per line. */
  keyInsights: string;
  body: string;
  // analysis
  technologyName: string;
  technologyCategory: TechnologyCategory;
  difficultyLevel: DifficultyLevel;
  executiveSummary: string;
  introduction: string;
  conclusion: string;
}

/** The Markdown sections of each kind, with their API field. */
export const MARKDOWN_FIELDS = {
  insight: [{ key: 'body', api: 'content', label: '본문' }],
  analysis: [
    { key: 'introduction', api: 'introduction', label: '소개' },
    { key: 'conclusion', api: 'conclusion', label: '결론' },
  ],
} as const satisfies Record<AuthoringKind, readonly { key: keyof EditorForm; api: string; label: string }[]>;

export const EMPTY_FORM: EditorForm = {
  title: '',
  summary: '',
  primaryCategory: 'gen-ai',
  tags: '',
  keyInsights: '',
  body: '',
  technologyName: '',
  technologyCategory: 'ai_ml',
  difficultyLevel: 'intermediate',
  executiveSummary: '',
  introduction: '',
  conclusion: '',
};

export type AuthoredItem = AdminInsight | AdminTechAnalysis;

/**
 * The form of a stored item, and the Markdown sections whose stored HTML the Markdown cannot say exactly
 * (left unsent unless the editor changes them).
 */
export function formOf(kind: AuthoringKind, item: AuthoredItem): { form: EditorForm; inexact: string[] } {
  const inexact: string[] = [];
  const markdown = (key: string, html: string) => {
    const { markdown: text, exact } = htmlToMarkdown(html);
    if (!exact) inexact.push(key);
    return text;
  };
  if (kind === 'insight') {
    const insight = item as AdminInsight;
    return {
      form: {
        ...EMPTY_FORM,
        title: insight.title,
        summary: insight.summary,
        primaryCategory: insight.primaryCategory,
        tags: insight.tags.map((tag) => tag.name).join(', '),
        keyInsights: (insight.insightMeta?.keyInsights ?? []).join('\n'),
        body: markdown('body', insight.content),
      },
      inexact,
    };
  }
  const analysis = item as AdminTechAnalysis;
  return {
    form: {
      ...EMPTY_FORM,
      title: analysis.title,
      technologyName: analysis.technologyName,
      technologyCategory: analysis.technologyCategory,
      difficultyLevel: analysis.difficultyLevel,
      executiveSummary: analysis.executiveSummary,
      introduction: markdown('introduction', analysis.introduction),
      conclusion: markdown('conclusion', analysis.conclusion),
    },
    inexact,
  };
}

const list = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

/** Every field this screen edits, as the API takes it. */
function bodyOf(kind: AuthoringKind, form: EditorForm): Record<string, unknown> {
  if (kind === 'insight')
    return {
      title: form.title.trim(),
      summary: form.summary.trim(),
      primaryCategory: form.primaryCategory,
      tags: list(form.tags, /,/),
      keyInsights: list(form.keyInsights, /\n/),
      content: markdownToHtml(form.body),
    };
  return {
    title: form.title.trim(),
    technologyName: form.technologyName.trim(),
    technologyCategory: form.technologyCategory,
    difficultyLevel: form.difficultyLevel,
    executiveSummary: form.executiveSummary.trim(),
    introduction: markdownToHtml(form.introduction),
    conclusion: markdownToHtml(form.conclusion),
  };
}

/** A new item's body: everything the form holds. */
export const createBody = (kind: AuthoringKind, form: EditorForm) => bodyOf(kind, form);

/**
 * An edit's PATCH: only the fields whose input changed since the item was loaded, so a body the Markdown
 * cannot say exactly, left alone, is never replaced. Empty when nothing changed.
 */
export function patchBody(kind: AuthoringKind, saved: EditorForm, form: EditorForm): Record<string, unknown> {
  const before = bodyOf(kind, saved);
  const after = bodyOf(kind, form);
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])),
  );
}

/** What the item still needs before the server will publish it (said beside the button, not after a 400). */
export function missingToPublish(kind: AuthoringKind, form: EditorForm): string[] {
  if (kind === 'insight') return list(form.keyInsights, /\n/).length < 2 ? ['핵심 인사이트 2개 이상'] : [];
  const missing: string[] = [];
  if (!form.executiveSummary.trim()) missing.push('요약');
  if (!form.introduction.trim()) missing.push('소개');
  if (!form.conclusion.trim()) missing.push('결론');
  return missing;
}
