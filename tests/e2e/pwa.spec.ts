import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
// @ts-expect-error -- a plain .mjs module of the bench (see js-budget.spec.ts)
import { createFirstViewCalculator, readManifest } from "../../bench/lib/first-view-js.mjs";
import { PUBLIC_PAGES } from "../../scripts/public-pages";
import { DEMO_PASSWORD, expect, test, town, waitForHydration } from "./helpers";

const CLIENT = path.resolve(import.meta.dirname, "../../build/client");

/**
 * Installable and offline, against the production build: the service worker (/sw.js), its
 * caches, the update banner, the install dialog and the manifest. Runs in the "pwa" project,
 * the only one that lets service workers run (playwright.config.ts).
 */

const JS_ONLY = { tag: "@js-only" };
// Each test waits for a worker to install (the whole build precached) at least once.
test.describe.configure({ timeout: 60_000 });
const INSTALL_DISMISSED_KEY = "guida-install-dismissed";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The worker installs after the first load (precache), activates and claims the page. */
async function waitForWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** Cache name → the path + query of every entry. */
async function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      out[name] = keys.map((request) => {
        const url = new URL(request.url);
        return url.pathname + url.search;
      });
    }
    return out;
  });
}

const entriesOf = (contents: Record<string, string[]>, kind: string) =>
  Object.entries(contents)
    .filter(([name]) => name.startsWith(`guida-${kind}`))
    .flatMap(([, entries]) => entries);

/**
 * Tests other than the dialog's keep it from covering the page should Chromium ever offer to
 * install here (today it never does in a Playwright context: they are all incognito).
 */
async function keepInstallDialogAway(context: BrowserContext) {
  await context.addInitScript((key) => {
    if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, String(Date.now()));
  }, INSTALL_DISMISSED_KEY);
}

/**
 * An HTTP proxy in front of the server that, once told a version, serves /sw.js with one more
 * line, as a rebuild would; the changed worker answers E2E_VERSION with that version.
 * page.route() cannot do this: the browser's update check for a worker script is not a request
 * of the page (nor of the worker), and Playwright never sees it.
 */
async function startWorkerProxy() {
  let version: string | null = null;
  const server = http.createServer((req, res) => {
    const target = new URL(req.url!);
    const rewrite = version !== null && target.pathname === "/sw.js";
    const headers = { ...req.headers };
    if (rewrite) {
      // The whole body, uncompressed and never "not modified", so a line can be added.
      delete headers["accept-encoding"];
      delete headers["if-none-match"];
      delete headers["if-modified-since"];
    }
    const upstream = http.request(
      { hostname: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers },
      (answer) => {
        if (!rewrite) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const extra = `\n// e2e ${version}\nself.addEventListener("message",(e)=>{if(e.data&&e.data.type==="E2E_VERSION")e.ports[0].postMessage(${JSON.stringify(version)})});\n`;
          const body = Buffer.concat([...chunks, Buffer.from(extra)]);
          const { etag: _etag, ...rest } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...rest, "content-length": String(body.length) });
          res.end(body);
        });
      },
    );
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** Chromium sends even loopback requests through it ("<-loopback>"). */
    proxy: { server: `http://127.0.0.1:${port}`, bypass: "<-loopback>" },
    serveChangedWorker(next: string) {
      version = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A context like the project's, whose requests go through the worker proxy. */
async function contextBehindProxy(browser: Browser, baseURL: string, proxy: { server: string; bypass: string }) {
  const context = await browser.newContext({
    baseURL,
    proxy,
    serviceWorkers: "allow",
    viewport: { width: 360, height: 740 },
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
  });
  await keepInstallDialogAway(context);
  return context;
}

async function checkForUpdate(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
}

/** Asks the controlling worker which e2e version it is (none for the real build). */
async function controllerVersion(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data as string);
        setTimeout(() => resolve(null), 1000);
        controller.postMessage({ type: "E2E_VERSION" }, [channel.port2]);
      }),
  );
}

test.describe("service worker", () => {
  test.beforeEach(async ({ context }) => keepInstallDialogAway(context));

  test("/sw.js is JavaScript revalidated on every check (max-age=0), scoped to the site root", JS_ONLY, async ({ request }) => {
    const response = await request.get("/sw.js");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(response.headers()["cache-control"]).toMatch(/max-age=0/);
    expect(response.headers()["service-worker-allowed"]).toBeUndefined();
  });

  test("controls the page after a reload, with the public pages' files precached and not the signed-in forms'", JS_ONLY, async ({ page }) => {
    await page.goto("/");
    await waitForWorker(page);
    await page.reload();
    await waitForHydration(page);
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        controlled: navigator.serviceWorker.controller?.scriptURL ?? null,
        scope: registration?.scope ?? null,
      };
    });
    expect(state.controlled).toMatch(/\/sw\.js$/);
    expect(new URL(state.scope!).pathname).toBe("/");

    // Proportionate (issue #29): what the public pages and the offline essentials load (counted
    // here as the budget counts a first view), the whole route manifest (route discovery offline)
    // and the stylesheet (with what those files import on use: scripts/pwa-preset.ts); a signed-in
    // form's code is kept when first used, not at install.
    const precache = entriesOf(await cacheContents(page), "precache");
    const calculator = createFirstViewCalculator(CLIENT) as { forPath(path: string): { files: string[] }; manifestUrl: string };
    const needed = new Set([calculator.manifestUrl, ...[...PUBLIC_PAGES.filter((p) => p !== "/login"), "/drivers/all", "/favorites"].flatMap((p) => calculator.forPath(p).files)]);
    expect(needed.size).toBeGreaterThan(10);
    for (const asset of needed) expect(precache).toContain(asset);
    const css = fs.readdirSync(path.join(CLIENT, "assets")).filter((name) => name.endsWith(".css"));
    for (const name of css) expect(precache).toContain(`/assets/${name}`);
    for (const file of ["/offline.html", "/manifest.webmanifest", "/icons/icon-192.png"]) expect(precache).toContain(file);
    const { manifest } = readManifest(CLIENT) as { manifest: { routes: Record<string, { module: string }> } };
    for (const signedIn of ["routes/create-news", "routes/moderation", "routes/edit-profile"]) {
      const module = manifest.routes[signedIn]!.module;
      expect(precache, `${signedIn}'s code is not precached`).not.toContain(module);
    }
  });

  test("a visited page and its data load with the network cut off", JS_ONLY, async ({ page, context }) => {
    await page.goto("/");
    await waitForWorker(page);
    await waitForHydration(page);

    // A client-side navigation: the worker sees the page's data request (and keeps the document too).
    await page.locator('a[href^="/business/"]').first().click();
    await expect(page).toHaveURL(/\/business\/[^/]+$/);
    const businessPath = new URL(page.url()).pathname;
    // The URL changes before React commits the new page: wait for the business's own heading
    // (the CI once read home's "Bem-vindo a Vila Serena" here and then looked for it offline).
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Bem-vindo a Vila Serena");
    const businessName = (await page.getByRole("heading", { level: 1 }).textContent())!;
    await expect
      .poll(async () => entriesOf(await cacheContents(page), "essentials"), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([businessPath, expect.stringMatching(new RegExp(`^${businessPath}\\.data`))]));

    await context.setOffline(true);
    // The browser's own HTTP cache may hold route discovery answers (/__manifest, immutable) of
    // this visit; a phone's is small and often emptied: only the worker's copies count offline.
    await (await context.newCDPSession(page)).send("Network.clearBrowserCache");

    // The document, from the cache.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: businessName })).toBeVisible();
    await waitForHydration(page);

    // Home by a client-side navigation: its data was never fetched, so the worker asks for a
    // full load, and the home document (an essential) comes from the cache.
    await page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Início", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bem-vindo a Vila Serena" })).toBeVisible();
    await waitForHydration(page);

    // Back to the business by a client-side navigation: its data comes from the cache, no reload.
    // Home's document names only its own routes (routeDiscovery "lazy"): the worker answers the
    // question for the business's route from its precached manifest.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.locator(`a[href="${businessPath}"]`).first().click();
    await expect(page.getByRole("heading", { level: 1, name: businessName })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test("a cached page read offline shows a stand-in for a photo it never loaded, not a broken image", JS_ONLY, async ({ page, context }) => {
    await page.goto("/");
    await waitForWorker(page);
    await waitForHydration(page);
    // The worker keeps the drivers' page among the essentials without loading its photos.
    await expect.poll(async () => entriesOf(await cacheContents(page), "essentials"), { timeout: 10_000 }).toContain("/drivers/all");
    // Photos seen on home are in the media cache: forget them, as on a phone whose cache was trimmed.
    await page.evaluate(async () => {
      for (const name of await caches.keys()) if (name.includes("-media")) await caches.delete(name);
    });
    await context.setOffline(true);

    await page.goto("/drivers/all");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const photo = page.getByRole("main").locator('img[src*="/media/"]').first();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
  });

  test("a page never visited shows the offline page", JS_ONLY, async ({ page, context }) => {
    await page.goto("/");
    await waitForWorker(page);
    await waitForHydration(page);
    // Home's document is kept by the worker's warm-up after it activates, not by this first
    // visit (no worker yet): wait for it, or a loaded machine goes offline before it is stored.
    await expect.poll(async () => entriesOf(await cacheContents(page), "essentials"), { timeout: 20_000 }).toContain("/");
    await context.setOffline(true);

    await page.goto("/news");
    await expect(page.getByRole("heading", { level: 1, name: "Você está sem conexão" })).toBeVisible();
    await expect(page).toHaveTitle("Sem conexão · Guida");
    await expect(page.getByRole("link", { name: "Ir para o início" })).toHaveAttribute("href", "/");

    // The same by a client-side navigation from a cached page.
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Negócios" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Você está sem conexão" })).toBeVisible();
    await expect(page).toHaveURL(/\/businesses$/);
  });
});

test.describe("update banner", () => {
  let proxy: Awaited<ReturnType<typeof startWorkerProxy>>;
  let context: BrowserContext;
  let page: Page;
  let errors: Error[];
  test.beforeEach(async ({ browser, baseURL }) => {
    proxy = await startWorkerProxy();
    context = await contextBehindProxy(browser, baseURL!, proxy.proxy);
    page = await context.newPage();
    errors = [];
    page.on("pageerror", (error) => errors.push(error));
  });
  test.afterEach(async () => {
    await context.close();
    await proxy.close();
    expect(errors, "uncaught errors in the page").toEqual([]);
  });

  test("a new worker shows the banner and the toast; Atualizar Agora reloads into it", JS_ONLY, async () => {
    await page.goto("/");
    await waitForWorker(page);
    await waitForHydration(page);
    expect(await controllerVersion(page)).toBeNull();

    proxy.serveChangedWorker("v2");
    await checkForUpdate(page);
    const banner = page.getByTestId("update-banner");
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("Nova versão disponível!");
    await expect(page.getByText("Nova atualização disponível!")).toBeVisible();

    // A page opened now finds the worker already waiting, and shows the banner too.
    const other = await context.newPage();
    await other.goto("/news");
    await expect(other.getByTestId("update-banner")).toBeVisible();
    await other.close();

    // The toast lives until the reload, which may come within milliseconds: note if it showed.
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.body.textContent?.includes("Atualizando aplicativo...")) sessionStorage.setItem("e2e-updating-toast", "seen");
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const reloaded = page.waitForEvent("load");
    await banner.getByRole("button", { name: "Atualizar Agora" }).click();
    await reloaded;
    expect(await page.evaluate(() => sessionStorage.getItem("e2e-updating-toast"))).toBe("seen");
    await waitForHydration(page);
    await expect.poll(() => controllerVersion(page)).toBe("v2");
    await expect(page.getByTestId("update-banner")).toHaveCount(0);
  });

  test("Mais Tarde hides the banner for 6 hours", JS_ONLY, async () => {
    await page.clock.install();
    await page.goto("/");
    await waitForWorker(page);
    await waitForHydration(page);

    proxy.serveChangedWorker("v3");
    await checkForUpdate(page);
    const banner = page.getByTestId("update-banner");
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Mais Tarde" }).click();
    await expect(banner).toHaveCount(0);

    // Still waiting, still snoozed after a reload.
    await page.reload();
    await waitForHydration(page);
    await page.clock.runFor(2000);
    await expect(banner).toHaveCount(0);

    await page.clock.fastForward(5 * HOUR);
    await expect(banner).toHaveCount(0);
    await page.clock.fastForward(HOUR);
    await expect(banner).toBeVisible();
  });
});

test.describe("install dialog", () => {
  /** What Chromium fires when the site is installable; prompt() and userChoice are stubs. */
  async function offerInstall(page: Page, outcome: "accepted" | "dismissed" = "accepted") {
    await page.evaluate((outcome) => {
      const event = new Event("beforeinstallprompt") as Event & { prompt(): Promise<void>; userChoice: Promise<unknown> };
      const w = window as unknown as { __promptCalls: number };
      w.__promptCalls = 0;
      event.prompt = async () => {
        w.__promptCalls += 1;
      };
      event.userChoice = Promise.resolve({ outcome, platform: "web" });
      window.dispatchEvent(event);
    }, outcome);
  }

  test("appears 10 s after load, and not again within 7 days of Agora não", JS_ONLY, async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    // Stop the clock a moment after hydration: the dialog's 10 s count from the page's start
    // (performance.now()), so run to half a second before they end, then past them.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await offerInstall(page);
    const dialog = page.getByRole("dialog", { name: "Instale o Guida" });

    const elapsed = await page.evaluate(() => performance.now());
    expect(elapsed).toBeLessThan(9500);
    await page.clock.runFor(9500 - elapsed);
    await expect(dialog).toHaveCount(0);
    await page.clock.runFor(1000);
    // Time flows again: React reveals a lazy component after a short timer of its own.
    await page.clock.resume();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Instalar Agora" })).toBeVisible();

    await dialog.getByRole("button", { name: "Agora não" }).click();
    await expect(dialog).toHaveCount(0);
    const dismissedAt = Number(await page.evaluate((key) => window.localStorage.getItem(key), INSTALL_DISMISSED_KEY));
    expect(dismissedAt).toBeGreaterThan(0);

    // Six days later: still dismissed.
    await page.clock.fastForward(6 * DAY);
    await page.reload();
    await waitForHydration(page);
    await offerInstall(page);
    await page.clock.runFor(11_000);
    await expect(dialog).toHaveCount(0);

    // Past 7 days: it comes back.
    await page.clock.fastForward(DAY);
    await page.reload();
    await waitForHydration(page);
    await offerInstall(page);
    await page.clock.runFor(11_000);
    await expect(dialog).toBeVisible();
  });

  test("an install event fired at load, before any script of the app ran, still leads to Instalar Agora", JS_ONLY, async ({ page }) => {
    // Chromium may fire it at `load` for a returning visitor; the hydration scripts are only
    // asked for after `load` (entry.server.tsx), so only the inline listener can hear it.
    await page.addInitScript(() => {
      window.addEventListener("load", () => {
        const event = new Event("beforeinstallprompt") as Event & { prompt(): Promise<void>; userChoice: Promise<unknown> };
        event.prompt = async () => {};
        event.userChoice = Promise.resolve({ outcome: "dismissed", platform: "web" });
        (window as unknown as { __firedBeforeHydration: boolean }).__firedBeforeHydration = !("__reactRouterDataRouter" in window);
        window.dispatchEvent(event);
      });
    });
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as unknown as { __firedBeforeHydration?: boolean }).__firedBeforeHydration)).toBe(true);
    await page.clock.runFor(10_500);
    const dialog = page.getByRole("dialog", { name: "Instale o Guida" });
    await expect(dialog.getByRole("button", { name: "Instalar Agora" })).toBeVisible();
  });

  test("Instalar Agora opens the browser's prompt and, when accepted, shows Instalando...", JS_ONLY, async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    await offerInstall(page, "accepted");
    await page.clock.runFor(10_500);
    const dialog = page.getByRole("dialog", { name: "Instale o Guida" });
    await dialog.getByRole("button", { name: "Instalar Agora" }).click();
    await expect(page.getByText("Instalando...")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __promptCalls: number }).__promptCalls)).toBe(1);
  });

  test("/instalar explains both platforms and offers the button when the browser can install", JS_ONLY, async ({ page }) => {
    await page.goto("/instalar");
    await expect(page.getByRole("heading", { level: 1, name: "Instalar o Guida" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Android" })).toBeVisible();
    await expect(page.getByText("Instalar app")).toBeVisible();
    await expect(page.getByRole("heading", { name: "iPhone e iPad" })).toBeVisible();
    await expect(page.getByText("Adicionar à Tela de Início").first()).toBeVisible();
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Instalar Agora" });
    await offerInstall(page);
    await expect(button).toBeVisible();
    await button.click();
    await expect(page.getByText("Instalando...")).toBeVisible();
  });
});

test.describe("manifest", () => {
  test.beforeEach(async ({ context }) => keepInstallDialogAway(context));

  test("is linked from every page and passes Chromium's installability checks", JS_ONLY, async ({ page, launchOptions, baseURL }, testInfo) => {
    await page.goto("/news");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");
    await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute("content", "yes");

    const response = await page.request.get("/manifest.webmanifest");
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const json = (await response.json()) as Record<string, unknown> & { icons: { sizes: string; purpose: string }[] };
    expect(json).toMatchObject({
      name: "Guida · Vila Serena",
      short_name: "Guida",
      lang: "pt-BR",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#047857",
      background_color: "#fafaf9",
    });
    for (const size of ["192x192", "512x512"]) {
      for (const purpose of ["any", "maskable"]) expect(json.icons).toContainEqual(expect.objectContaining({ sizes: size, purpose }));
    }

    // Chromium never installs from an incognito profile, and every Playwright context is one:
    // the check needs a persistent profile.
    const persistent = await chromium.launchPersistentContext(testInfo.outputPath("profile"), {
      ...launchOptions,
      baseURL,
      serviceWorkers: "allow",
    });
    try {
      const tab = persistent.pages()[0] ?? (await persistent.newPage());
      await tab.goto("/news");
      await waitForWorker(tab);
      const cdp = await persistent.newCDPSession(tab);
      const manifest = (await cdp.send("Page.getAppManifest")) as { errors: { message: string }[]; url: string };
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
    } finally {
      await persistent.close();
    }
  });
});

test.describe("sign-out", () => {
  test.beforeEach(async ({ context }) => keepInstallDialogAway(context));

  test("the worker forgets the user's pages and data, and keeps the build's files", JS_ONLY, async ({ page }) => {
    const resident = town.users[3]!;
    await page.goto("/login");
    await waitForWorker(page);
    await waitForHydration(page);
    await page.getByLabel("E-mail ou celular").fill(resident.email);
    await page.getByLabel("Senha").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL("/");
    await waitForHydration(page);

    // Pages only a signed-in user sees, by document and by client-side navigation.
    await page.goto("/favorites");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/");
    await waitForHydration(page);
    await page.locator('a[href^="/business/"]').first().click();
    await expect(page).toHaveURL(/\/business\//);
    const businessPath = new URL(page.url()).pathname;
    await expect
      .poll(async () => {
        const contents = await cacheContents(page);
        return [...entriesOf(contents, "essentials"), ...entriesOf(contents, "pages"), ...entriesOf(contents, "data")];
      })
      .toEqual(expect.arrayContaining(["/favorites", businessPath, expect.stringMatching(/\.data/)]));
    expect(entriesOf(await cacheContents(page), "meta")).toHaveLength(1);

    await page.goto("/profile");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page.getByText("Logout realizado com sucesso!")).toBeVisible();
    await expect(page).toHaveURL("/");

    const contents = await cacheContents(page);
    const userEntries = [...entriesOf(contents, "essentials"), ...entriesOf(contents, "pages"), ...entriesOf(contents, "data")];
    // Only what the visitor's own landing on / put back.
    expect(userEntries.filter((entry) => !entry.startsWith("/?") && entry !== "/" && entry !== "/_root.data")).toEqual([]);
    expect(entriesOf(contents, "meta")).toEqual([]);
    expect(entriesOf(contents, "precache").length).toBeGreaterThan(10);
    const home = await page.evaluate(async () => (await caches.match("/"))?.text());
    if (home) expect(home).not.toContain(resident.fullName);
  });
});
