import type { GenerateImageResponse } from '@pulse/contracts';
import { DefaultImage, sendJson } from '@pulse/frontend-ui';
import { useEffect, useState } from 'react';
import { generateImagePath } from '../api';
import { COPY } from '../copy';

// docs/spec-content.md §4: one generation attempt per article. Kept for the page's life, so revisiting an article
// whose image is broken does not ask again; the server enforces it too.
const attempted = new Map<string, Promise<string | null>>();

function generateOnce(id: string): Promise<string | null> {
  let pending = attempted.get(id);
  if (!pending) {
    pending = sendJson<GenerateImageResponse>('POST', generateImagePath(id)).then(
      (body) => (typeof body?.imageUrl === 'string' && body.imageUrl ? body.imageUrl : null),
      () => null,
    );
    attempted.set(id, pending);
  }
  return pending;
}

type Phase = 'original' | 'generating' | 'generated' | 'failed';

/**
 * The hero image of a content detail page. A missing or broken image triggers one AI generation
 * ('AI 이미지 생성 중...' meanwhile); the generated image replaces it, and if that fails too the page says
 * the image cannot be loaded.
 */
export function HeroImage({ id, src, alt }: { id: string; src: string | null; alt: string }) {
  const [phase, setPhase] = useState<Phase>(src ? 'original' : 'generating');
  const [generated, setGenerated] = useState<string | null>(null);

  useEffect(() => {
    setPhase(src ? 'original' : 'generating');
    setGenerated(null);
  }, [id, src]);

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

  return (
    <figure className="detail-hero">
      {phase === 'original' && src && (
        <img
          src={src}
          alt={alt}
          width={1280}
          height={720}
          fetchPriority="high"
          onError={() => setPhase('generating')}
        />
      )}
      {phase === 'generating' && (
        <div className="detail-hero__status" role="status">
          {COPY.detail.generatingImage}
        </div>
      )}
      {phase === 'generated' && generated && (
        <img src={generated} alt={alt} width={1280} height={720} onError={() => setPhase('failed')} />
      )}
      {phase === 'failed' && (
        <>
          <DefaultImage label={COPY.detail.imageUnavailable} />
          <figcaption className="sr-only">{COPY.detail.imageUnavailable}</figcaption>
        </>
      )}
    </figure>
  );
}
