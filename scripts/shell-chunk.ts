import path from "node:path";
import type { Rollup } from "vite";

type ManualChunkMeta = Rollup.ManualChunkMeta;

/**
 * Rollup's `manualChunks` for the client build: every module of the app that the root route
 * imports statically (the layout, its providers, the helpers they share with the pages) goes
 * into one chunk, "shell", instead of the ~20 small chunks Rollup splits it into by which
 * pages also use each piece. The root loads on every page, so nothing here is loaded in
 * vain; one file compresses about 5 KiB better than twenty (each gzip starts with an empty
 * dictionary) and costs one request instead of twenty on a phone's few connections.
 * Packages keep Rollup's own placement (React and React Router are the entry's chunks).
 */
export function shellChunk([appDirectory, ...shared]: [string, ...string[]]) {
  let shell: Set<string> | null = null;
  // The app's own modules and the shared core's (core/) it imports.
  const ours = [appDirectory, ...shared].map((dir) => dir + path.sep);
  const inApp = (id: string) => ours.some((dir) => id.startsWith(dir)) && !id.includes("node_modules");
  const rootOf = (id: string) => /[\\/]app[\\/]root\.tsx(\?|$)/.test(id) && id.startsWith(appDirectory);

  function reachable(meta: ManualChunkMeta): Set<string> {
    const seen = new Set<string>();
    const queue = [...meta.getModuleIds()].filter(rootOf);
    while (queue.length) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const next of meta.getModuleInfo(id)?.importedIds ?? []) if (inApp(next.split("?")[0] ?? next)) queue.push(next);
    }
    return seen;
  }

  // The design system's small pieces that pages import statically (~0.1–0.4 KiB each, no
  // imports of their own beyond React): alone, each was its own request with more gzip
  // framing than code. Not the dialog, form fields or tooltip: those bring packages along.
  const smallUi = new Set(
    ["button.tsx", "card.ts", "empty-state.tsx", "item-title.tsx", "kind-icon.tsx", "page-header.tsx", "text-link.ts"].map((name) =>
      path.join(appDirectory, "components", "ui", name),
    ),
  );

  // react-dom's small half (what React Router calls for flushSync; react-dom/client, in the
  // entry's chunk, needs it too): Rollup gave it a 1.4 KiB file of its own, loaded by every page.
  const reactDomIndex = /[\\/]node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)(\?.*)?$/;

  // Small modules that always load together, one file each instead of two (a file's gzip
  // framing and cold dictionary cost ~0.1 KiB; issue #29's budget):
  // - the filter form and the proposal titles its header links with (the filtered lists load
  //   both; the listing forms that also use the titles carry zod, the form's 0.5 KiB is nothing there);
  // - the town's clock hook and the opening hours it is read against (every page that shows
  //   "Aberto agora" or a driver's availability loads both; the hours' editor is the only other user).
  const [coreDirectory = appDirectory] = shared;
  const groups = new Map([
    [path.join(appDirectory, "components", "list-filters.tsx"), "list-filters"],
    [path.join(appDirectory, "lib", "proposal-paths.ts"), "list-filters"],
    [path.join(appDirectory, "hooks", "use-town-now.ts"), "business-hours"],
    [path.join(coreDirectory, "business-hours.ts"), "business-hours"],
  ]);

  return (id: string, meta: ManualChunkMeta): string | undefined => {
    shell ??= reachable(meta);
    const group = groups.get(id);
    if (group) return group;
    return (shell.has(id) && !rootOf(id)) || smallUi.has(id) || reactDomIndex.test(id) ? "shell" : undefined;
  };
}
