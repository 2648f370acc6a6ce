import type { YoutubeVideo } from '@pulse/contracts';
import { useState } from 'react';
import { ARTICLE } from '../../copy';

/** youtube-nocookie: no tracking cookies until the reader plays; the CSP allows only YouTube frames. */
export const embedUrl = (embedId: string): string =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(embedId)}?autoplay=1&rel=0`;

/** A thumbnail until clicked, then the embed with autoplay (docs/spec-content.md §4 'Video'). */
function Video({ video }: { video: YoutubeVideo }) {
  const [playing, setPlaying] = useState(false);
  return (
    <li className="video">
      <div className="video__frame">
        {playing ? (
          <iframe
            src={embedUrl(video.embedId)}
            title={video.title}
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button
            type="button"
            className="video__play"
            onClick={() => setPlaying(true)}
            aria-label={ARTICLE.playVideo(video.title)}
          >
            <img src={video.thumbnailUrl} alt="" loading="lazy" width={480} height={270} />
            <span className="video__icon" aria-hidden="true">
              ▶
            </span>
          </button>
        )}
      </div>
      <p className="video__title">{video.title}</p>
      {video.channelTitle && <p className="video__channel">{video.channelTitle}</p>}
    </li>
  );
}

export function RelatedVideos({ videos }: { videos: YoutubeVideo[] }) {
  if (videos.length === 0) return null;
  return (
    <section className="related-videos" aria-labelledby="videos-title">
      <h2 id="videos-title">{ARTICLE.videos}</h2>
      <ul>
        {videos.map((video) => (
          <Video key={video.embedId} video={video} />
        ))}
      </ul>
    </section>
  );
}
