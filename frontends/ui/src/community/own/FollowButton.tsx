import type { FollowKind } from '@pulse/contracts';
import { useState } from 'react';
import { toast } from '../../toast';
import { useFollows } from '../follows';
import { useLazyIdentityGate } from './use-lazy-identity-gate';
import { OWN_COPY } from './own-copy';

export interface FollowButtonProps {
  kind: FollowKind;
  /** The category id, tag, source id or story id. */
  followKey: string;
  /** What is followed, as the reader sees it ('생성형 AI', '#LLM'): the button's name and the follow's label on /me. */
  label: string;
}

/**
 * Follow or unfollow a category, tag, source or story. Without a nickname the nickname dialog opens first;
 * the state is the reader's list on the server (useFollows), shared with every other button on the page.
 */
export function FollowButton({ kind, followKey, label }: FollowButtonProps) {
  const { isFollowing, follow, unfollow } = useFollows();
  const { require, dialog } = useLazyIdentityGate();
  const [busy, setBusy] = useState(false);
  const following = isFollowing(kind, followKey);
  const toggle = () =>
    require(async () => {
      setBusy(true);
      try {
        await (following ? unfollow(kind, followKey) : follow(kind, followKey, label));
      } catch (error) {
        toast({ title: OWN_COPY.failed, description: (error as Error).message, variant: 'destructive' });
      } finally {
        setBusy(false);
      }
    });
  return (
    <>
      <button
        type="button"
        className={following ? 'own-button own-button--on' : 'own-button'}
        aria-pressed={following}
        aria-label={OWN_COPY.followLabel(label)}
        disabled={busy}
        onClick={toggle}
      >
        {following ? OWN_COPY.following : OWN_COPY.follow}
      </button>
      {dialog}
    </>
  );
}
