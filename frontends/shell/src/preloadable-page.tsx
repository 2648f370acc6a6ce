import { type ComponentType, lazy } from 'react';

/** A lazily loaded page that can also be loaded ahead, then rendering without suspending. */
export interface PreloadablePage {
  (): React.JSX.Element;
  preload(): Promise<void>;
}

/**
 * Like React.lazy, but once `preload()` has resolved the page renders at once. The browser preloads the
 * page of a server-rendered document before hydrating it (bootstrap.tsx), so the whole page hydrates in one
 * pass: a page left dehydrated behind a loading chunk would ignore a click on its buttons meanwhile.
 */
export function preloadablePage(load: () => Promise<{ default: ComponentType }>): PreloadablePage {
  let loaded: ComponentType | undefined;
  const remember = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(remember);
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  Page.preload = () => remember().then(() => undefined);
  return Page;
}
