import type { ExportResponse } from '@pulse/contracts';
import { DELETE_ME_CONFIRMATION } from '@pulse/contracts/src/api/community-me';
import { ENDPOINTS } from '@pulse/contracts/src/api/endpoints';
import { communityFetch, logout, toast } from '@pulse/frontend-ui';
import { useState } from 'react';
import { DeleteDialog } from './DeleteDialog';
import { ME } from './me-copy';

/** Saves the export as a file the browser downloads. */
async function download(): Promise<void> {
  const answer = await communityFetch<ExportResponse>('GET', ENDPOINTS.myExport.path);
  const blob = new Blob([JSON.stringify(answer.data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `pulse-${answer.data.exportedAt.slice(0, 10)}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

/** Export everything held for the nickname, or delete it (after a confirmation the reader types). */
export function MeAccount() {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const failed = (error: Error) =>
    toast({ title: ME.failed, description: error.message, variant: 'destructive' });
  const remove = async () => {
    await communityFetch('DELETE', ENDPOINTS.deleteMe.path, { confirm: DELETE_ME_CONFIRMATION });
    setConfirming(false);
    toast({ title: ME.deleted });
    // The server ended every session; this clears what the browser still keeps of the nickname.
    await logout().catch(() => undefined);
  };
  return (
    <section className="me-section" aria-labelledby="me-account">
      <h2 id="me-account">{ME.account}</h2>
      <h3>{ME.exportTitle}</h3>
      <p>{ME.exportText}</p>
      <button
        type="button"
        className="button button--outline"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          download()
            .catch(failed)
            .finally(() => setBusy(false));
        }}
      >
        {ME.exportButton}
      </button>
      <h3>{ME.deleteTitle}</h3>
      <p>{ME.deleteText}</p>
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        {ME.deleteButton}
      </button>
      <DeleteDialog open={confirming} onClose={() => setConfirming(false)} onConfirm={remove} />
    </section>
  );
}
