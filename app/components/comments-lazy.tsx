import { lazy, Suspense } from "react";
import type * as CommentsModule from "./comments";
import type { CommentsProps } from "./comments";

/**
 * The comments of a post or an article (issue #30), kept out of the page's first view (the
 * JavaScript budget, tests/e2e/js-budget.spec.ts): the module loads after the page.
 *
 * The server must render it in place, never as a suspended boundary that a script reveals
 * (JavaScript-off browsers do not run it): the page's loader awaits loadComments, and the
 * server then renders the loaded component directly inside the same Suspense boundary the
 * browser has. In the browser the boundary suspends until the module arrives, and hydration
 * keeps the server's HTML meanwhile.
 */
let loaded: typeof CommentsModule | null = null;

/** For the loaders of the pages with comments: the module ready before the page renders. */
export async function loadComments(): Promise<void> {
  loaded ??= await import("./comments");
}

const LazyComments = lazy(async () => {
  loaded ??= await import("./comments");
  return { default: loaded.CommentsSection };
});

export function Comments(props: CommentsProps) {
  const Loaded = loaded?.CommentsSection;
  return <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <LazyComments {...props} />}</Suspense>;
}
