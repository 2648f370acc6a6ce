export { MovedTo } from './moved';
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
export {
  absoluteUrl,
  describePage,
  describeArticle,
  findAnswer,
  publisherData,
  SITE_DESCRIPTION,
  type PageDescriber,
  type PageExtras,
  type RenderedPageData,
} from './describe-page';
export { describeList, itemListOf, itemPath, type ListedItem } from './item-list';
