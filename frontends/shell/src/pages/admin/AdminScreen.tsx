import { Page, usePageHead, type PageHead } from '@pulse/frontend-ui';
import type { ReactNode } from 'react';
import { AdminGate } from './admin-session';
import { AdminNav } from './AdminNav';

/** Every admin screen's frame: its head, its title, the admin navigation, and the sign-in gate around it. */
export function AdminScreen({
  title,
  head,
  children,
}: {
  title: string;
  head: PageHead;
  children: () => ReactNode;
}) {
  usePageHead(head);
  return (
    <Page title={title}>
      <AdminNav />
      <AdminGate>{children}</AdminGate>
    </Page>
  );
}
