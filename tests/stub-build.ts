import os from "node:os";
import type { ServerBuild } from "react-router";

/**
 * A React Router server build made of resource routes only (loaders and actions that return
 * Responses), for driving the pipeline without a port or the app: the pipeline treats their
 * text/html answers like pages. `routes` are the routes under the root.
 */
export function stubBuild(routes: Record<string, { path: string; module: Record<string, unknown> }>): ServerBuild {
  const html = { "Content-Type": "text/html; charset=utf-8" };
  const children = Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, { id, parentId: "root", ...route }]));
  return {
    entry: { module: { default: () => new Response("unused", { headers: html }) } },
    routes: { root: { id: "root", path: "", module: {} }, ...children },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: os.tmpdir(),
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
