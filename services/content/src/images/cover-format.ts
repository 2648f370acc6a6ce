import { execFile } from 'node:child_process';
import type { ImagesConfig } from './images.config';

export type CoverFormat = 'webp' | 'svg';

/**
 * Whether the fallback cover can be rasterised here. libvips draws text through fontconfig; without a
 * Korean font Hangul comes out as boxes, so the SVG itself is served and the reader's browser draws the
 * text with its own fonts. 'auto' asks fontconfig for a font covering Korean (fonts-noto-cjk on Debian).
 */
export async function resolveCoverFormat(setting: ImagesConfig['IMAGE_COVER_FORMAT']): Promise<{
  format: CoverFormat;
  why: string;
}> {
  if (setting !== 'auto') return { format: setting, why: `IMAGE_COVER_FORMAT=${setting}` };
  const fonts = await koreanFonts();
  return fonts.length
    ? { format: 'webp', why: `Korean font found: ${fonts[0]}` }
    : {
        format: 'svg',
        why: 'no Korean font known to fontconfig (install fonts-noto-cjk to rasterise covers)',
      };
}

function koreanFonts(): Promise<string[]> {
  return new Promise((resolve) => {
    execFile('fc-list', [':lang=ko', 'family'], { timeout: 5_000 }, (error, stdout) => {
      // No fc-list at all means no fontconfig fonts either (a slim container): treat as none.
      if (error) return resolve([]);
      resolve(
        stdout
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      );
    });
  });
}
