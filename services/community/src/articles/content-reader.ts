import type { ContentReadClient } from '@pulse/contracts';

export const CONTENT_READER = Symbol.for('pulse.community.ContentReader');
/** Content's public read API as community uses it (a ContentReadClient; tests may point it anywhere). */
export type ContentReader = Pick<ContentReadClient, 'search' | 'article' | 'articleTitle' | 'techAnalysis'>;
