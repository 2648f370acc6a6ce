/** Social sharing (docs/spec-content.md §2, §4): a popup of 600x400 on the platform's share page. */
export const SHARE_POPUP_SIZE = { width: 600, height: 400 } as const;

export type SocialPlatform = 'facebook' | 'twitter' | 'telegram' | 'linkedin';

export const SOCIAL_PLATFORM_LABELS: Readonly<Record<SocialPlatform, string>> = {
  facebook: 'Facebook',
  twitter: 'Twitter',
  telegram: 'Telegram',
  linkedin: 'LinkedIn',
};

/** The platform's share URL for a page. */
export function shareUrl(platform: SocialPlatform, url: string, title: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  switch (platform) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${u}&text=${t}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
  }
}

/** The window.open features of the share popup, centred on the current window. */
export function sharePopupFeatures(screenLeft = 0, screenTop = 0, outerWidth = 0, outerHeight = 0): string {
  const { width, height } = SHARE_POPUP_SIZE;
  const left = Math.max(0, Math.round(screenLeft + (outerWidth - width) / 2));
  const top = Math.max(0, Math.round(screenTop + (outerHeight - height) / 2));
  // noopener: the share page gets no handle on ours.
  return `width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`;
}

export function openSharePopup(platform: SocialPlatform, url: string, title: string): void {
  window.open(
    shareUrl(platform, url, title),
    `pulse-share-${platform}`,
    sharePopupFeatures(window.screenX, window.screenY, window.outerWidth, window.outerHeight),
  );
}

interface ShareButtonsProps {
  url: string;
  title: string;
  platforms: readonly SocialPlatform[];
  /** Called after the popup opened, e.g. to count the share (POST /api/articles/{id}/share). */
  onShare?: (platform: SocialPlatform) => void;
}

/** One button per platform; each opens the platform's share popup. */
export function ShareButtons({ url, title, platforms, onShare }: ShareButtonsProps) {
  return (
    <div className="share-buttons" role="group" aria-label="공유하기">
      {platforms.map((platform) => (
        <button
          key={platform}
          type="button"
          className={`share-button share-button--${platform}`}
          // The visible name first, as its own word: a spoken command ('Facebook') must match the name.
          aria-label={`${SOCIAL_PLATFORM_LABELS[platform]} 공유`}
          onClick={() => {
            openSharePopup(platform, url, title);
            onShare?.(platform);
          }}
        >
          {SOCIAL_PLATFORM_LABELS[platform]}
        </button>
      ))}
    </div>
  );
}
