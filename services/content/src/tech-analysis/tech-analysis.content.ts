import {
  AUTHORING_SLUG_MAX,
  readTimeMinutes,
  type CodeExampleInput,
  type CreateTechAnalysisBody,
  type ExternalResourceInput,
} from '@pulse/contracts';
import { htmlToText, sanitiseHtml, toPlainText } from '@pulse/platform';
import { techAnalysisBody, type TechAnalysisContent, type TechAnalysisRecord } from './tech-analysis.record';

/**
 * From validated input to stored content: HTML sections sanitised (docs/design.md §10), code examples sorted by
 * order with stable ids, and the derived fields (reading time, keyword keys) recomputed. Shared by the
 * admin API, the LLM drafts and the demo corpus, so every way in stores the same shape.
 */

const HTML_SECTIONS = [
  'introduction',
  'coreConceptsExplanation',
  'comparisonWithAlternatives',
  'gettingStarted',
  'tutorialContent',
  'futureOutlook',
  'conclusion',
] as const;

/** Only the content fields of an input (create or a full PATCH merge). */
export type TechAnalysisInput = Omit<CreateTechAnalysisBody, 'slug' | 'estimatedReadingTime'> & {
  estimatedReadingTime: number | null;
};

export const keywordKey = (keyword: string): string => keyword.normalize('NFC').trim().toLowerCase();

const codeExamples = (examples: readonly CodeExampleInput[]) =>
  [...examples]
    .sort((a, b) => a.order - b.order)
    .map((example, index) => ({
      id: `code-${index + 1}`,
      title: example.title,
      language: example.language.toLowerCase(),
      // Plain text shown in a code block, never HTML; the page escapes it.
      code: example.code,
      ...(example.description ? { description: example.description } : {}),
      order: example.order,
    }));

const externalResources = (resources: readonly ExternalResourceInput[]) =>
  resources.map((resource, index) => ({
    id: `resource-${index + 1}`,
    title: resource.title,
    url: resource.url,
    ...(resource.description ? { description: resource.description } : {}),
    type: resource.type,
  }));

/** The stored content of an input: sanitised, ordered, with ids. */
export function toTechAnalysisContent(input: TechAnalysisInput): TechAnalysisContent {
  const sections = Object.fromEntries(HTML_SECTIONS.map((name) => [name, sanitiseHtml(input[name])])) as Pick<
    TechAnalysisContent,
    (typeof HTML_SECTIONS)[number]
  >;
  return {
    ...sections,
    // Plain text on every path that writes a title or summary (ARCHITECTURE.md, "What an LLM may write").
    title: toPlainText(input.title),
    executiveSummary: toPlainText(input.executiveSummary),
    seoKeywords: dedupe(input.seoKeywords),
    difficultyLevel: input.difficultyLevel,
    technologyCategory: input.technologyCategory,
    technologyName: input.technologyName,
    qualityScore: input.qualityScore,
    prosAndCons: { pros: input.prosAndCons.pros, cons: input.prosAndCons.cons },
    useCases: input.useCases,
    bestPractices: input.bestPractices,
    commonPitfalls: input.commonPitfalls,
    codeExamples: codeExamples(input.codeExamples),
    externalResources: externalResources(input.externalResources),
    relatedAnalysisIds: input.relatedAnalysisIds ? dedupe(input.relatedAnalysisIds) : null,
    readingTimeOverride: input.estimatedReadingTime,
  };
}

/** Back from stored content to an input, so a PATCH merges onto the current values. */
export function toTechAnalysisInput(record: TechAnalysisContent): TechAnalysisInput {
  return {
    title: record.title,
    executiveSummary: record.executiveSummary,
    seoKeywords: record.seoKeywords,
    difficultyLevel: record.difficultyLevel,
    technologyCategory: record.technologyCategory,
    technologyName: record.technologyName,
    qualityScore: record.qualityScore,
    estimatedReadingTime: record.readingTimeOverride,
    ...techAnalysisBody(record),
    codeExamples: record.codeExamples.map(({ id: _id, ...example }) => example),
    externalResources: record.externalResources.map(({ id: _id, ...resource }) => resource),
    relatedAnalysisIds: record.relatedAnalysisIds,
  };
}

/** The text a reader reads (sections and lists, not code), for the reading time. */
export function readableText(content: TechAnalysisContent): string {
  return [
    content.executiveSummary,
    ...HTML_SECTIONS.map((name) => htmlToText(content[name])),
    ...content.prosAndCons.pros,
    ...content.prosAndCons.cons,
    ...content.useCases,
    ...content.bestPractices,
    ...content.commonPitfalls,
  ]
    .filter(Boolean)
    .join('\n');
}

/** Fields computed from the content, refreshed on every write. */
export function derivedFields(
  content: TechAnalysisContent,
): Pick<TechAnalysisRecord, 'keywordKeys' | 'estimatedReadingTime'> {
  const text = readableText(content);
  return {
    keywordKeys: dedupe(content.seoKeywords.map(keywordKey)),
    // docs/spec-content.md §9: length / 200 characters per minute, rounded up (an empty draft counts 1000 characters).
    estimatedReadingTime: content.readingTimeOverride ?? readTimeMinutes(text || null),
  };
}

/**
 * The slug a technology name gives: lower case, runs of other characters to '-', Korean kept
 * ('Apache Kafka' → 'apache-kafka', '쿠버네티스' → '쿠버네티스'), within slugParamSchema's alphabet.
 */
export function analysisSlug(name: string): string {
  const slug = name
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    // Room for a '-20' suffix within AUTHORING_SLUG_MAX (the router's path parameter limit).
    .slice(0, AUTHORING_SLUG_MAX - 4)
    .replace(/-+$/, '');
  return slug || 'analysis';
}

function dedupe(values: readonly string[]): string[] {
  return [...new Set(values)];
}
