import type { GenerateImageResponse } from '@pulse/contracts';
import { DefaultImage, sendJson } from '@pulse/frontend-ui';
import { useEffect, useState } from 'react';
import { ARTICLE } from '../../copy';

// docs/spec-content.md §4: one generation attempt per article, however often its page is opened in this tab.
const attempted = new Set<string>();

type Phase = 'image' | 'generating' | 'failed';

/**
 * The article's image; when it fails to load, an image is generated once (POST …/generate-image) and
 * replaces it. Without an image, or when generation fails too, the default image with the seed's
 * '이미지를 불러올 수 없습니다'.
 */
export function ArticleHeroImage({
  articleId,
  src,
  alt,
  label,
}: {
  articleId: string;
  src: string | null;
  alt: string;
  label: string;
}) {
  const [current, setCurrent] = useState(src);
  const [phase, setPhase] = useState<Phase>('image');

  useEffect(() => {
    setCurrent(src);
    setPhase('image');
  }, [articleId, src]);

  const onError = async () => {
    if (attempted.has(articleId)) return setPhase('failed');
    attempted.add(articleId);
    setPhase('generating');
    try {
      const { imageUrl } = await sendJson<GenerateImageResponse>(
        'POST',
        `/api/articles/${encodeURIComponent(articleId)}/generate-image`,
      );
      if (!imageUrl) throw new Error('no imageUrl in the answer');
      setCurrent(imageUrl);
      setPhase('image');
    } catch (error) {
      console.warn('[펄스] 기사 이미지를 생성하지 못했습니다.', error);
      setPhase('failed');
    }
  };

  if (!current) return <DefaultImage label={label} className="article-hero__image" />;
  if (phase !== 'image') {
    return (
      <figure className="article-hero__fallback">
        <DefaultImage label={label} className="article-hero__image" />
        <figcaption role="status">
          {phase === 'generating' ? ARTICLE.imageGenerating : ARTICLE.imageError}
        </figcaption>
      </figure>
    );
  }
  return (
    <img
      className="article-hero__image"
      src={current}
      alt={alt}
      width={1280}
      height={720}
      fetchPriority="high"
      onError={() => void onError()}
    />
  );
}

/** For tests: forget which articles had their one attempt. */
export function resetGenerationAttempts(): void {
  attempted.clear();
}
