import { z } from 'zod';

/** Settings of the tech-analysis area. */
export const techAnalysisConfigSchema = z.object({
  DEMO_CORPUS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe(
      'Fill an empty store with the Korean sample corpus (embedded mode sets it to true); the content service adds its sample tech analyses.',
    ),
});
export type TechAnalysisConfig = z.output<typeof techAnalysisConfigSchema>;

export const TECH_ANALYSIS_CONFIG = Symbol.for('pulse.content.TechAnalysisConfig');
