import type { GenerateImageResponse } from '@pulse/contracts';
import { useEffect, useState } from 'react';
import { sendJson } from '../api';
import { DefaultImage } from '../ArticleImage';
import { ARTICLE_PAGE } from './copy';
import { generateImagePath } from './paths';

// docs/spec-content.md §4: one generation attempt per article. Kept for the page's life, so revisiting an article
// whose image is broken does not ask again; the server enforces it too.
const attempted = new Map<string, Promise<string | null>>();

function generateOnce(id: string): Promise<string | null> {
  let pending = attempted.get(id);
  if (!pending) {
    pending = sendJson<GenerateImageResponse>('POST', generateImagePath(id)).then(
      (body) => (typeof body?.imageUrl === 'string' && body.imageUrl ? body.imageUrl : null),
      (error: unknown) => {
        console.warn('[펄스] 기사 이미지를 생성하지 못했습니다.', error);
        return null;
      },
    );
    attempted.set(id, pending);
  }
  return pending;
}

/** For tests: forget which articles had their one attempt. */
export function resetGenerationAttempts(): void {
  attempted.clear();
}

/** 'none': no image and none to generate, the default image alone (docs/spec-content.md §4 'Article image'). */
type Phase = 'original' | 'generating' | 'generated' | 'failed' | 'none';

const firstPhase = (src: string | null, generateMissing: boolean): Phase =>
  src ? 'original' : generateMissing ? 'generating' : 'none';

interface Props {
  id: string;
  src: string | null;
  alt: string;
  /** Written on the default image (the category on /article). */
  label?: string;
  /**
   * docs/spec-content.md §2 'Content detail': a missing image is generated as a broken one is. On /article a
   * missing image is the default image (§4 'the article image, else a default image').
   */
  generateMissing: boolean;
}

/**
 * The article's hero image. A broken image triggers one AI generation ('AI 이미지 생성 중...' meanwhile); the
 * generated image replaces it, and if that fails too the page says the image cannot be loaded (§8). The default
 * image keeps the 16:9 box meanwhile, so nothing shifts.
 */
export function HeroImage({ id, src, alt, label, generateMissing }: Props) {
  const [phase, setPhase] = useState<Phase>(firstPhase(src, generateMissing));
  const [generated, setGenerated] = useState<string | null>(null);

  useEffect(() => {
    setPhase(firstPhase(src, generateMissing));
    setGenerated(null);
  }, [id, src, generateMissing]);

  useEffect(() => {
    if (phase !== 'generating') return;
    let live = true;
    void generateOnce(id).then((url) => {
      if (!live) return;
      setGenerated(url);
      setPhase(url ? 'generated' : 'failed');
    });
    return () => {
      live = false;
    };
  }, [id, phase]);

  const image = phase === 'original' ? src : phase === 'generated' ? generated : null;
  return (
    <figure className="article-hero">
      {image ? (
        <img
          key={image}
          className="article-hero__image"
          src={image}
          alt={alt}
          width={1280}
          height={720}
          fetchPriority={phase === 'original' ? 'high' : 'auto'}
          onError={() => setPhase(phase === 'original' ? 'generating' : 'failed')}
        />
      ) : (
        <DefaultImage label={label} className="article-hero__image" />
      )}
      {(phase === 'generating' || phase === 'failed') && (
        <figcaption className="article-hero__status" role="status">
          {phase === 'generating' ? ARTICLE_PAGE.generatingImage : ARTICLE_PAGE.imageUnavailable}
        </figcaption>
      )}
    </figure>
  );
}
