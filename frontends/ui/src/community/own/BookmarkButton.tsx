import type { BookmarkKind } from '@pulse/contracts';
import { Icon } from '../../icons/Icon';
import { toast } from '../../toast';
import { useBookmark } from '../bookmarks';
import { useLazyIdentityGate } from './use-lazy-identity-gate';
import { OWN_COPY } from './own-copy';

export interface BookmarkButtonProps {
  kind: BookmarkKind;
  id: string;
  /** The item's title, for the button's accessible name (the server keeps its own). */
  title: string;
  /** Icon only (a question card); the name is still read out. */
  compact?: boolean;
  /** Disabled without a nickname instead of opening the dialog (the seed's question cards). */
  disabledSignedOut?: boolean;
}

/** Bookmark or remove the bookmark of an article, insight, tech analysis or question, kept per identity. */
export function BookmarkButton({ kind, id, title, compact, disabledSignedOut }: BookmarkButtonProps) {
  const { bookmarked, busy, toggle } = useBookmark(kind, id);
  const { user, require, dialog } = useLazyIdentityGate();
  const on = bookmarked === true;
  const onClick = () =>
    require(() =>
      toggle().catch((error: Error) =>
        toast({ title: OWN_COPY.failed, description: error.message, variant: 'destructive' }),
      ),
    );
  return (
    <>
      <button
        type="button"
        className={on ? 'own-button own-button--on' : 'own-button'}
        aria-pressed={on}
        aria-label={OWN_COPY.bookmarkLabel(title)}
        disabled={busy || (disabledSignedOut === true && !user)}
        onClick={onClick}
      >
        <Icon name={on ? 'bookmark-filled' : 'bookmark'} />
        {!compact && <span>{on ? OWN_COPY.bookmarked : OWN_COPY.bookmark}</span>}
      </button>
      {dialog}
    </>
  );
}
