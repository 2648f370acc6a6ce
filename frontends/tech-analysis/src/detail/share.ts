import { toast } from '@pulse/frontend-ui';
import { COPY } from '../copy';

/**
 * docs/spec-content.md §4: the native share sheet where the browser has one, otherwise the link is copied and a toast
 * says so. Closing the share sheet is not an error.
 */
export async function shareAnalysis(data: { title: string; text: string; url: string }): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
    } catch (error) {
      if (!(error instanceof Error && error.name === 'AbortError')) await copyLink(data.url);
    }
    return;
  }
  await copyLink(data.url);
}

async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: COPY.detail.linkCopied, description: COPY.detail.linkCopiedBody });
  } catch {
    toast({ title: COPY.detail.copyFailed, variant: 'destructive' });
  }
}
