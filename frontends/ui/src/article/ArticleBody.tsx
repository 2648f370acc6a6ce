/**
 * An article's body as readers see it: the stored HTML, which the content service sanitised when it was
 * written (translation or an editor). The article page draws it, and the admin authoring screen draws
 * its preview with it, so an editor sees the body exactly as the page will show it.
 */
export function ArticleBody({ html }: { html: string }) {
  return <div className="article__content" dangerouslySetInnerHTML={{ __html: html }} />;
}
