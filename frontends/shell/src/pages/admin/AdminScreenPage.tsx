import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import AdminPage from './AdminPage';
import AuditPage from './audit/AuditPage';
import ContactMessagesPage from './contact/ContactMessagesPage';
import AuthoringPage from './authoring/AuthoringPage';
import NewsletterAdminPage from './newsletter/NewsletterAdminPage';
import NicknamesPage from './nicknames/NicknamesPage';
import SourcesAdminPage from './sources/SourcesAdminPage';
import StaffPage from './StaffPage';
import SynonymsPage from './synonyms/SynonymsPage';

/**
 * /admin (the Q&A moderation queue) and /admin/sources, /admin/authoring, /admin/newsletter, /admin/synonyms,
 * /admin/nicknames, /admin/staff, /admin/audit and /admin/contact in one chunk: every chunk the shell can load is named in the bundle every reader loads,
 * and the readers' pages have no room to spare for five more. The routes (App.tsx) name only these paths,
 * so any other /admin/… is the shell's not-found page.
 */
const SCREENS: Readonly<Record<string, ComponentType>> = {
  '/admin/sources': SourcesAdminPage,
  '/admin/authoring': AuthoringPage,
  '/admin/newsletter': NewsletterAdminPage,
  '/admin/synonyms': SynonymsPage,
  '/admin/nicknames': NicknamesPage,
  '/admin/staff': StaffPage,
  '/admin/audit': AuditPage,
  '/admin/contact': ContactMessagesPage,
};

export default function AdminScreenPage() {
  const { pathname } = useLocation();
  const Screen = Object.hasOwn(SCREENS, pathname) ? SCREENS[pathname]! : AdminPage;
  return <Screen />;
}
