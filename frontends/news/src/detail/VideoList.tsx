import type { YoutubeVideo } from '@pulse/contracts';
import { useState } from 'react';
import { COPY } from '../copy';

/** YouTube ids are 11 URL-safe characters; anything else is not put into an embed URL. */
const EMBED_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** docs/spec-content.md §4 'Video': a thumbnail until clicked, then the embed, playing at once. */
function Video({ video }: { video: YoutubeVideo }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        className="video__frame"
        // youtube-nocookie: no tracking cookies until the reader plays; the CSP allows only YouTube frames.
        src={`https://www.youtube-nocookie.com/embed/${video.embedId}?autoplay=1`}
        title={video.title}
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
      />
    );
  }
  return (
    <button
      type="button"
      className="video__thumb"
      onClick={() => setPlaying(true)}
      aria-label={COPY.detail.playVideo(video.title)}
    >
      {video.thumbnailUrl && <img src={video.thumbnailUrl} alt="" width={480} height={270} loading="lazy" />}
      <span className="video__play" aria-hidden="true">
        ▶
      </span>
    </button>
  );
}

export function VideoList({ videos }: { videos: readonly YoutubeVideo[] }) {
  const playable = videos.filter((video) => EMBED_ID.test(video.embedId));
  if (playable.length === 0) return null;
  return (
    <section className="detail-videos" aria-labelledby="videos-title">
      <h2 id="videos-title">{COPY.detail.videos}</h2>
      <ul className="video-grid">
        {playable.map((video) => (
          <li key={video.embedId} className="video">
            <Video video={video} />
            <p className="video__title">{video.title}</p>
            {video.channelTitle && <p className="video__channel">{video.channelTitle}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
