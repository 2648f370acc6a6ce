import type { YoutubeVideo } from '@pulse/contracts';
import { useState } from 'react';
import { Icon } from '../icons/Icon';
import { ARTICLE_PAGE } from './copy';

/** YouTube ids are 11 URL-safe characters; anything else is not put into an embed URL. */
const EMBED_ID = /^[A-Za-z0-9_-]{6,20}$/;

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
            aria-label={ARTICLE_PAGE.playVideo(video.title)}
          >
            {video.thumbnailUrl && (
              <img src={video.thumbnailUrl} alt="" loading="lazy" width={480} height={270} />
            )}
            <span className="video__icon" aria-hidden="true">
              <Icon name="play" />
            </span>
          </button>
        )}
      </div>
      <p className="video__title">{video.title}</p>
      {video.channelTitle && <p className="video__channel">{video.channelTitle}</p>}
    </li>
  );
}

export function VideoList({ videos }: { videos: readonly YoutubeVideo[] | undefined }) {
  const playable = (videos ?? []).filter((video) => EMBED_ID.test(video.embedId));
  if (playable.length === 0) return null;
  return (
    <section className="related-videos" aria-labelledby="videos-title">
      <h2 id="videos-title">{ARTICLE_PAGE.videos}</h2>
      <ul>
        {playable.map((video) => (
          <Video key={video.embedId} video={video} />
        ))}
      </ul>
    </section>
  );
}
