import type { Source } from '@pulse/contracts';
import { ArticleImage } from '@pulse/frontend-ui';
import { useState } from 'react';
import { SOURCES } from '../../copy';
import { carouselSources, useRotation } from './source-carousel';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Six sources, one shown at a time, rotating every 2 s; paused on hover, focus or the pause button. */
export function SourceCarousel({ sources }: { sources: Source[] }) {
  const slides = carouselSources(sources);
  const [hovered, setHovered] = useState(false);
  const [stopped, setStopped] = useState(prefersReducedMotion);
  const [index, setIndex] = useRotation(slides.length, hovered || stopped);
  if (slides.length === 0) return null;
  return (
    <section
      className="source-carousel"
      aria-roledescription="carousel"
      aria-labelledby="carousel-title"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <h2 id="carousel-title">{SOURCES.featured}</h2>
      <ul className="source-carousel__slides">
        {slides.map((source, i) => (
          <li
            key={source.id}
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${slides.length}: ${source.name}`}
            hidden={i !== index}
            className="source-carousel__slide"
          >
            <ArticleImage
              src={source.imageUrl}
              alt=""
              label={source.name}
              className="source-carousel__image"
              width={96}
              height={96}
            />
            <div>
              <p className="source-carousel__name">{source.name}</p>
              <p className="muted">{SOURCES.articleCount(source.count)}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="source-carousel__controls">
        <button
          type="button"
          className="button button--outline"
          onClick={() => setStopped((s) => !s)}
          aria-pressed={stopped}
        >
          {stopped ? SOURCES.play : SOURCES.pause}
        </button>
        {slides.map((source, i) => (
          <button
            key={source.id}
            type="button"
            className="carousel-dot"
            aria-label={source.name}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}
