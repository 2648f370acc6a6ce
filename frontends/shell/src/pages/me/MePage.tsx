import { Page, useCurrentUser, useIdentityGate, usePageHead } from '@pulse/frontend-ui';
import { PAGE_HEADS } from '../../page-heads';
import { MeAccount } from './MeAccount';
import { MeActivity } from './MeActivity';
import { MeBookmarks } from './MeBookmarks';
import { ME } from './me-copy';
import { MeFollows } from './MeFollows';
import { MeNotices } from './MeNotices';
import { MeProfile } from './MeProfile';

/**
 * /me, the reader's own space: the server renders the frame only (the same for everyone, yet never held:
 * PAGE_HEADS.me is perReader); everything in it is read in the browser with the reader's credential.
 */
export default function MePage() {
  usePageHead(PAGE_HEADS.me);
  const user = useCurrentUser();
  const { require, dialog } = useIdentityGate();
  return (
    <Page title={ME.title}>
      {user ? (
        // Keyed by the identity: another nickname starts every list afresh.
        <div key={user.id} className="me-page">
          <MeProfile />
          <MeBookmarks />
          <MeFollows />
          <MeActivity />
          <MeNotices />
          <MeAccount />
        </div>
      ) : (
        <div className="me-signed-out">
          <p>{ME.signedOut}</p>
          <button type="button" className="button" onClick={() => require(() => undefined)}>
            {ME.choose}
          </button>
          {dialog}
        </div>
      )}
    </Page>
  );
}
