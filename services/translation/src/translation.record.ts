import type { ArticleCollectedPayload, TranslationStatus } from '@pulse/contracts';
import type { Classification } from './classify/keyword-classifier';
import type { GlossaryIssue } from './glossary/glossary';
import type { TranslationOutput } from './output/translation-output.schema';

export interface TokenTally {
  promptTokens: number;
  completionTokens: number;
}

/** One translation job: a collected cluster, from its English original to a Korean article or a hold. */
export interface TranslationRecord {
  /** The cluster id: one job per cluster, which is what makes a redelivery a no-op. */
  _id: string;
  articleId: string;
  /** 'rejected': held, then rejected by an editor; kept, never published (review/review.service.ts). */
  status: TranslationStatus | 'rejected';
  /** The English original as collected; the backfill translates from it. */
  source: ArticleCollectedPayload;
  /** The keyword classifier's verdict, used while no LLM has written the article. */
  classification: Classification;
  /** LLM calls made for this job, over every run. */
  attempts: number;
  usage: TokenTally;
  /** From the configured per-1k-token prices; null when none is configured. */
  costUsd: number | null;
  model: string | null;
  /** The sanitised output, once an LLM has answered validly. */
  output: TranslationOutput | null;
  /** Why it is held (for the reviewer), and glossary slips even when published. */
  review: {
    reasons: string[];
    addedUrls: string[];
    glossaryIssues: GlossaryIssue[];
    /** Source sentences that spoke to the model and were left out of the prompt (absent on older jobs). */
    removedInstructions?: string[];
  } | null;
  lastError: string | null;
  /** When an editor last changed the held output (absent until then). */
  editedAt?: string;
  /** An editor's decision on a held job: released (published) or rejected, with why. Absent until then. */
  decision?: { state: 'released' | 'rejected'; at: string; reason: string | null };
  /** A worker's claim while it calls the LLM; a second worker skips the job until it expires. */
  claimedBy: string | null;
  claimedUntil: string | null;
  /**
   * True once an article.translated has been stored for the job (a pending item published untranslated,
   * or a translation), so a later joined source re-publishes it. Absent on jobs stored before this field.
   */
  published?: boolean;
  createdAt: string;
  updatedAt: string;
}
