import type {
  AuthoringOrigin,
  AuthoringState,
  CodeExample,
  DifficultyLevel,
  ExternalResource,
  TechnologyCategory,
  Withdrawal,
} from '@pulse/contracts';

/** The language every analysis is written in today; `lang=en` therefore lists none (see the service). */
export type ContentLanguage = 'ko' | 'en';

/**
 * A tech analysis as stored (collection 'tech_analyses', unique slug). Long sections are sanitised HTML;
 * list items are plain text. 'draft' and 'withdrawn' are visible to admins only.
 */
export interface TechAnalysisRecord {
  _id: string;
  slug: string;
  state: AuthoringState;
  language: ContentLanguage;
  title: string;
  executiveSummary: string;
  seoKeywords: string[];
  /** seoKeywords normalised (NFC, lower case, trimmed) for matching related analyses. */
  keywordKeys: string[];
  difficultyLevel: DifficultyLevel;
  technologyCategory: TechnologyCategory;
  technologyName: string;
  qualityScore: number;
  /** What readers see: the editor's value, else computed from the text. */
  estimatedReadingTime: number;
  /** The editor's reading time; null when it is computed (and recomputed on every edit). */
  readingTimeOverride: number | null;
  introduction: string;
  coreConceptsExplanation: string;
  prosAndCons: { pros: string[]; cons: string[] };
  useCases: string[];
  comparisonWithAlternatives: string;
  gettingStarted: string;
  tutorialContent: string;
  bestPractices: string[];
  commonPitfalls: string[];
  futureOutlook: string;
  conclusion: string;
  codeExamples: CodeExample[];
  externalResources: ExternalResource[];
  /** Chosen by an editor; null lets the service pick (same category, then shared keywords). */
  relatedAnalysisIds: string[] | null;
  views: number;
  likesCount: number;
  /** null until published. */
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  origin: AuthoringOrigin;
  /** The model that drafted it (origin 'llm'). */
  model: string | null;
  /** Who took it down, when and why, while withdrawn; absent or null otherwise (cleared on publishing). */
  withdrawal?: Withdrawal | null;
  /** The demo corpus's sample analyses (docs/design.md §2: clearly marked sample content). */
  sample?: true;
}

/** The body of an analysis between its overview and its code: sections and lists, in reading order. */
export type TechAnalysisBody = Pick<
  TechAnalysisRecord,
  | 'introduction'
  | 'coreConceptsExplanation'
  | 'prosAndCons'
  | 'useCases'
  | 'comparisonWithAlternatives'
  | 'gettingStarted'
  | 'tutorialContent'
  | 'bestPractices'
  | 'commonPitfalls'
  | 'futureOutlook'
  | 'conclusion'
>;

/** The fields an editor (or the drafting command) writes; the rest is derived or counted. */
export type TechAnalysisContent = TechAnalysisBody &
  Pick<
    TechAnalysisRecord,
    | 'title'
    | 'executiveSummary'
    | 'seoKeywords'
    | 'difficultyLevel'
    | 'technologyCategory'
    | 'technologyName'
    | 'qualityScore'
    | 'codeExamples'
    | 'externalResources'
    | 'relatedAnalysisIds'
    | 'readingTimeOverride'
  >;

/** The body fields of a record, as the detail page and the editor's input both carry them. */
export function techAnalysisBody(record: TechAnalysisBody): TechAnalysisBody {
  return {
    introduction: record.introduction,
    coreConceptsExplanation: record.coreConceptsExplanation,
    prosAndCons: record.prosAndCons,
    useCases: record.useCases,
    comparisonWithAlternatives: record.comparisonWithAlternatives,
    gettingStarted: record.gettingStarted,
    tutorialContent: record.tutorialContent,
    bestPractices: record.bestPractices,
    commonPitfalls: record.commonPitfalls,
    futureOutlook: record.futureOutlook,
    conclusion: record.conclusion,
  };
}
