import { useState } from 'react';

interface Props {
  src: string | null | undefined;
  alt: string;
  /** Shown on the default image that stands in for a missing or broken one (e.g. the category). */
  label?: string;
  /** Above the fold: fetched first and not lazily (docs/spec-content.md §9: the first 4 cards). */
  priority?: boolean;
  className?: string;
  /** Intrinsic size, so the browser reserves the box before the image arrives (no layout shift). */
  width?: number;
  height?: number;
}

/**
 * An article image that falls back to the default image when there is none or it fails to load
 * (docs/spec-content.md §8: list and related images fall back to the default image).
 */
export function ArticleImage({
  src,
  alt,
  label,
  priority = false,
  className,
  width = 640,
  height = 360,
}: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <DefaultImage label={label} className={className} />;
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}

/** The site's default image: drawn with CSS, so it costs no request and cannot fail itself. */
export function DefaultImage({ label, className }: { label?: string; className?: string }) {
  return (
    <div
      className={className ? `default-image ${className}` : 'default-image'}
      role="img"
      aria-label={label ? `${label} 기본 이미지` : '기본 이미지'}
    >
      <span aria-hidden="true">{label || '펄스'}</span>
    </div>
  );
}
