// Module customization hook for bench/stock-server.mjs. Guida's server build
// (build/server/index.js) is our own HTTP app and exports only start(); the React Router
// build (`virtual:react-router/server-build`) is bundled inside its chunk without an export.
// This hook appends one export statement to that chunk as Node loads it, naming the very
// object server/http/app.ts hands to the pipeline, plus closeDb for a clean stop. Nothing else
// in the module changes.

let chunkUrl;

export function initialize(data) {
  chunkUrl = data.chunkUrl;
}

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (url !== chunkUrl) return result;
  const source = String(result.source);
  // server/http/app.ts: createPipeline({ build: build as unknown as ServerBuild, … }) → `{ build, …` once bundled.
  const call = /createPipeline\(\{\s*build(?:\s*:\s*([A-Za-z_$][\w$]*))?\s*[,}]/.exec(source);
  if (!call) throw new Error(`bench: no createPipeline({ build … }) call found in ${url}`);
  const buildName = call[1] ?? "build";
  const exports = [`${buildName} as __reactRouterBuild`];
  if (/\basync function closeDb\(/.test(source)) exports.push("closeDb as __closeDb");
  return { ...result, source: `${source}\nexport { ${exports.join(", ")} };\n` };
}
