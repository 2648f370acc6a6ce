// The site's icons. Each is an SVG drawing in the shell's stylesheet (styles/components.css, '.icon--*'),
// masked over the text's colour: an emoji or a rare symbol needs a font the reader's system may not have
// (headless Chromium on a server draws empty boxes), an icon font or library would add to every page's
// JavaScript, and drawings in the stylesheet add none (a page's JavaScript has a budget).

export type IconName =
  | 'bell'
  | 'heart'
  | 'heart-filled'
  | 'share'
  | 'arrow-up'
  | 'arrow-down'
  | 'arrow-left'
  | 'play'
  | 'warning'
  | 'copy'
  | 'check'
  | 'code'
  | 'book'
  | 'link'
  | 'bookmark'
  | 'bookmark-filled';

/**
 * An icon the size of the text, in its colour. Always decoration: every icon stands beside text or inside a
 * control that has its own name, so it is hidden from assistive technology, which reads that name.
 */
export function Icon({ name }: { name: IconName }) {
  return <span className={`icon icon--${name}`} aria-hidden="true" />;
}
