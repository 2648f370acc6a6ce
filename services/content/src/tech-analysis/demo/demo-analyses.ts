import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTechAnalysisBodySchema, strictParams } from '@pulse/contracts';
import { z } from 'zod';

/**
 * The sample tech analyses (docs/design.md §2: an empty embedded store shows a working site, sample content clearly
 * marked). One JSON file each in ./samples, written for this project about real, widely used technologies.
 * Marked three ways: a '[샘플]' title prefix, `sample: true` on the record and in the API, and an
 * introduction whose first paragraph says so. Counters start at 0: no invented views or likes.
 */

export const SAMPLES_DIR = path.join(__dirname, 'samples');
export const SAMPLE_TITLE_PREFIX = '[샘플] ';
export const SAMPLE_NOTICE = '이 글은 펄스 데모용 샘플 콘텐츠입니다.';
/** Publication times are offsets from the moment of seeding. */
const MAX_AGE_HOURS = 30 * 24;

export const demoAnalysisSchema = strictParams({
  ...createTechAnalysisBodySchema.shape,
  /** Fixed, so a restart or a second replica inserts the same ids and never duplicates. */
  id: z.string().regex(/^demo-ta-[a-z0-9-]+$/),
  slug: z.string().regex(/^sample-[a-z0-9-]+$/),
  hoursAgo: z.number().min(0).max(MAX_AGE_HOURS),
}).superRefine((sample, ctx) => {
  if (!sample.title.startsWith(SAMPLE_TITLE_PREFIX))
    ctx.addIssue({ code: 'custom', path: ['title'], message: `must start with '${SAMPLE_TITLE_PREFIX}'` });
  if (!sample.introduction.startsWith(`<p>${SAMPLE_NOTICE}`))
    ctx.addIssue({ code: 'custom', path: ['introduction'], message: `must open with '${SAMPLE_NOTICE}'` });
});
export type DemoAnalysis = z.output<typeof demoAnalysisSchema>;

/** Reads and validates every sample, in file-name order; a bad file fails with its name. */
export function loadDemoAnalyses(dir = SAMPLES_DIR): DemoAnalysis[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const parsed = demoAnalysisSchema.safeParse(JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
      if (!parsed.success) throw new Error(`demo analysis ${name}: ${z.prettifyError(parsed.error)}`);
      return parsed.data;
    });
}
