import { Page } from './Page';

// An honest stand-in for a screen not built yet: it says so, and shows no sample data.
export function Placeholder({ title, message }: { title: string; message: string }) {
  return (
    <Page title={title}>
      <p>{message}</p>
    </Page>
  );
}
