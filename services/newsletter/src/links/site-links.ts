import type { ContentType } from '@pulse/contracts';

/** Public URLs of the newsletter's pages; the gateway routes /newsletter/* to this service. */
export class SiteLinks {
  constructor(private readonly origin: string) {}

  confirm(token: string): string {
    return `${this.origin}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  }

  unsubscribe(token: string): string {
    return `${this.origin}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  preferences(token: string): string {
    return `${this.origin}/newsletter/preferences?token=${encodeURIComponent(token)}`;
  }

  edition(id: string): string {
    return `${this.origin}/newsletter/${encodeURIComponent(id)}`;
  }

  archive(): string {
    return `${this.origin}/newsletter`;
  }

  home(): string {
    return `${this.origin}/`;
  }

  /** The article's canonical reader URL (the same paths the shell and the sitemap use). */
  article(type: ContentType, id: string): string {
    const section = type === 'insight' ? 'insights' : type === 'analysis' ? 'analysis' : 'news';
    return `${this.origin}/${section}/${encodeURIComponent(id)}`;
  }
}
