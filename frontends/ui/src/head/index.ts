export {
  documentTitle,
  PageHeadContext,
  shortDescription,
  SITE_NAME,
  SITE_TITLE,
  usePageHead,
  type PageHead,
  type PageHeadSink,
} from './page-head';
