// Makes the PWA's PNG icons from public/favicon.svg, and the manifest's screenshots.
//   node scripts/make-icons.mjs                 icons (public/icons/)
//   node scripts/make-icons.mjs --screenshots URL   also screenshots of the running app at URL
//                                               (e.g. http://127.0.0.1:3000 after `npm start`)
// The PNGs are committed; run this again only when the favicon or the home page changes.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const iconsDir = path.join(root, "public", "icons");
const screenshotsDir = path.join(root, "public", "screenshots");
const BRAND = "#047857";

const favicon = fs.readFileSync(path.join(root, "public", "favicon.svg"), "utf8");
// The pin alone (the favicon's white path), to draw on our own backgrounds.
const pin = /<path[^>]*\/>/.exec(favicon)?.[0];
if (!pin) throw new Error("public/favicon.svg: no <path> found");

/** The pin centred on a full-bleed brand square, at `scale` of the side (maskable safe zone is 80%). */
function fullBleed(scale) {
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${pin}</g></svg>`;
}

async function png(svg, size, file) {
  await sharp(Buffer.from(svg), { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(file);
  console.log(`${path.relative(root, file)} ${fs.statSync(file).size} B`);
}

fs.mkdirSync(iconsDir, { recursive: true });
for (const size of [192, 512]) {
  // "any": the favicon itself, rounded corners and all.
  await png(favicon, size, path.join(iconsDir, `icon-${size}.png`));
  // "maskable": the launcher crops to its own shape, so the pin sits inside the safe circle.
  await png(fullBleed(0.85), size, path.join(iconsDir, `maskable-${size}.png`));
}
// iOS draws its own rounded corners over an opaque square.
await png(fullBleed(0.9), 180, path.join(iconsDir, "apple-touch-icon.png"));

const at = process.argv.indexOf("--screenshots");
if (at !== -1) {
  const base = process.argv[at + 1];
  if (!base) throw new Error("--screenshots needs the app's URL");
  const { chromium } = await import("@playwright/test");
  const executablePath = fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
  const browser = await chromium.launch({ executablePath, args: executablePath ? ["--no-sandbox", "--disable-gpu"] : [] });
  // A phone: 360 × 740 CSS pixels at 2×, so 720 × 1480 (the "narrow" form factor).
  const page = await browser.newPage({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, locale: "pt-BR", serviceWorkers: "block" });
  fs.mkdirSync(screenshotsDir, { recursive: true });
  for (const [name, pathname] of [
    ["home", "/"],
    ["negocios", "/businesses"],
  ]) {
    await page.goto(new URL(pathname, base).href, { waitUntil: "networkidle" });
    const file = path.join(screenshotsDir, `${name}-narrow.png`);
    await sharp(await page.screenshot()).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(file);
    console.log(`${path.relative(root, file)} ${fs.statSync(file).size} B`);
  }
  await browser.close();
}
