import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CACHE_PREFIX,
  MAX_DATA,
  MAX_MEDIA,
  MAX_PAGES,
  RECENT_BUSINESSES,
  businessIdFromPath,
  cacheName,
  classifyRequest,
  currentCacheNames,
  documentPathForData,
  documentPathOf,
  isCacheable,
  isKeptForever,
  isEssentialPath,
  keysOverLimit,
  obsoleteCacheNames,
  recordBusinessVisit,
  routeDiscoveryAnswer,
  routeManifestFile,
  userDataCacheNames,
} from "~/lib/pwa-cache-policy";
import {
  INSTALL_DISMISS_MS,
  INSTALL_PROMPT_DELAY_MS,
  UPDATE_BANNER_SNOOZE_MS,
  UPDATE_CHECK_INTERVAL_MS,
  UPDATE_TOAST_DURATION_MS,
  bannerSnoozeRemainingMs,
  isBannerSnoozed,
  isIOSDevice,
  isIOSSafari,
  isInstallDismissed,
  parseTimestamp,
  shouldShowInstallDialog,
} from "~/lib/pwa-timing";

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;
// A fixed instant: 2026-03-10 14:00 in Vila Serena (UTC-3).
const NOW = Date.UTC(2026, 2, 10, 17, 0, 0);

describe("PWA timings (spec points 4 and 9)", () => {
  it("match the spec", () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(60 * SECOND);
    expect(UPDATE_BANNER_SNOOZE_MS).toBe(6 * HOUR);
    expect(INSTALL_PROMPT_DELAY_MS).toBe(10 * SECOND);
    expect(INSTALL_DISMISS_MS).toBe(7 * DAY);
    expect(UPDATE_TOAST_DURATION_MS).toBe(10 * SECOND);
  });
});

describe("parseTimestamp", () => {
  it("reads what Date.now() wrote and treats anything else as never", () => {
    expect(parseTimestamp(String(NOW))).toBe(NOW);
    expect(parseTimestamp(null)).toBeNull();
    expect(parseTimestamp(undefined)).toBeNull();
    expect(parseTimestamp("")).toBeNull();
    expect(parseTimestamp("ontem")).toBeNull();
    expect(parseTimestamp("-5")).toBeNull();
    expect(parseTimestamp("Infinity")).toBeNull();
  });
});

describe("update banner snooze (Mais Tarde: 6 hours)", () => {
  it("is not snoozed when never dismissed", () => {
    expect(isBannerSnoozed({ now: NOW, dismissedAt: null })).toBe(false);
    expect(bannerSnoozeRemainingMs({ now: NOW, dismissedAt: null })).toBe(0);
  });

  it("holds for 6 hours and ends exactly then", () => {
    expect(isBannerSnoozed({ now: NOW, dismissedAt: NOW })).toBe(true);
    expect(isBannerSnoozed({ now: NOW + 6 * HOUR - 1, dismissedAt: NOW })).toBe(true);
    expect(isBannerSnoozed({ now: NOW + 6 * HOUR, dismissedAt: NOW })).toBe(false);
    expect(bannerSnoozeRemainingMs({ now: NOW + 2 * HOUR, dismissedAt: NOW })).toBe(4 * HOUR);
    expect(bannerSnoozeRemainingMs({ now: NOW + 7 * HOUR, dismissedAt: NOW })).toBe(0);
  });

  it("ignores a dismissal dated in the future (clock moved back)", () => {
    expect(isBannerSnoozed({ now: NOW, dismissedAt: NOW + 10 * DAY })).toBe(false);
  });

  describe("with a fake clock", () => {
    beforeEach(() => {
      vi.useFakeTimers();
      vi.setSystemTime(NOW);
    });
    afterEach(() => vi.useRealTimers());

    it("shows again once 6 hours have passed on the clock", () => {
      const dismissedAt = Date.now();
      vi.advanceTimersByTime(5 * HOUR + 59 * 60 * SECOND);
      expect(isBannerSnoozed({ now: Date.now(), dismissedAt })).toBe(true);
      vi.advanceTimersByTime(60 * SECOND);
      expect(isBannerSnoozed({ now: Date.now(), dismissedAt })).toBe(false);
    });

    it("a timer set to the remaining snooze fires when the banner may show again", () => {
      const dismissedAt = Date.now();
      vi.advanceTimersByTime(HOUR);
      const fired = vi.fn(() => isBannerSnoozed({ now: Date.now(), dismissedAt }));
      setTimeout(fired, bannerSnoozeRemainingMs({ now: Date.now(), dismissedAt }));
      vi.advanceTimersByTime(5 * HOUR - 1);
      expect(fired).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(fired).toHaveReturnedWith(false);
    });

    it("update checks run every 60 s", () => {
      const check = vi.fn();
      const timer = setInterval(check, UPDATE_CHECK_INTERVAL_MS);
      vi.advanceTimersByTime(59 * SECOND);
      expect(check).not.toHaveBeenCalled();
      vi.advanceTimersByTime(SECOND);
      expect(check).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(5 * 60 * SECOND);
      expect(check).toHaveBeenCalledTimes(6);
      clearInterval(timer);
    });
  });
});

describe("install dialog", () => {
  const base = { now: NOW, dismissedAt: null, standalone: false, isIOS: false, hasPrompt: true };

  it("shows when the browser offered to install and nothing stands in the way", () => {
    expect(shouldShowInstallDialog(base)).toBe(true);
  });

  it("never shows inside the installed app", () => {
    expect(shouldShowInstallDialog({ ...base, standalone: true })).toBe(false);
    expect(shouldShowInstallDialog({ ...base, standalone: true, isIOS: true })).toBe(false);
  });

  it("shows on iOS without any install event (instructions instead)", () => {
    expect(shouldShowInstallDialog({ ...base, isIOS: true, hasPrompt: false })).toBe(true);
  });

  it("does not show elsewhere without a saved beforeinstallprompt event", () => {
    expect(shouldShowInstallDialog({ ...base, hasPrompt: false })).toBe(false);
  });

  it("stays away for 7 days after 'Agora não', then comes back", () => {
    expect(shouldShowInstallDialog({ ...base, dismissedAt: NOW - 1 * DAY })).toBe(false);
    expect(shouldShowInstallDialog({ ...base, dismissedAt: NOW - 7 * DAY + 1 })).toBe(false);
    expect(shouldShowInstallDialog({ ...base, dismissedAt: NOW - 7 * DAY })).toBe(true);
    expect(isInstallDismissed({ now: NOW, dismissedAt: NOW - 8 * DAY })).toBe(false);
  });

  describe("with a fake clock", () => {
    beforeEach(() => {
      vi.useFakeTimers();
      vi.setSystemTime(NOW);
    });
    afterEach(() => vi.useRealTimers());

    it("appears 10 s after load, not before", () => {
      const show = vi.fn();
      setTimeout(() => {
        if (shouldShowInstallDialog({ ...base, now: Date.now() })) show();
      }, INSTALL_PROMPT_DELAY_MS);
      vi.advanceTimersByTime(9999);
      expect(show).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(show).toHaveBeenCalledOnce();
    });

    it("a dismissal 7 days old no longer holds", () => {
      const dismissedAt = Date.now();
      vi.advanceTimersByTime(6 * DAY);
      expect(shouldShowInstallDialog({ ...base, now: Date.now(), dismissedAt })).toBe(false);
      vi.advanceTimersByTime(DAY);
      expect(shouldShowInstallDialog({ ...base, now: Date.now(), dismissedAt })).toBe(true);
    });
  });

  it("recognises iPhone, iPad (also as a touch Mac) and Safari", () => {
    const iphoneSafari =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
    const iphoneChrome =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1";
    const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
    const mac = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
    expect(isIOSDevice({ userAgent: iphoneSafari })).toBe(true);
    expect(isIOSDevice({ userAgent: android })).toBe(false);
    expect(isIOSDevice({ userAgent: mac, platform: "MacIntel", maxTouchPoints: 5 })).toBe(true);
    expect(isIOSDevice({ userAgent: mac, platform: "MacIntel", maxTouchPoints: 0 })).toBe(false);
    expect(isIOSSafari(iphoneSafari)).toBe(true);
    expect(isIOSSafari(iphoneChrome)).toBe(false);
  });
});

describe("service worker cache policy", () => {
  const origin = "https://guida.example";
  const get = (path: string, mode = "cors") => ({ method: "GET", url: origin + path, mode, origin });

  it("sorts requests into strategies", () => {
    expect(classifyRequest(get("/assets/root-abc123.js", "no-cors"))).toBe("asset");
    expect(classifyRequest(get("/media/businesses/1/logo.webp", "no-cors"))).toBe("media");
    expect(classifyRequest(get("/business/42.data"))).toBe("data");
    expect(classifyRequest(get("/_root.data"))).toBe("data");
    expect(classifyRequest(get("/drivers/all.data?_routes=routes%2Fdrivers"))).toBe("data");
    expect(classifyRequest(get("/business/42", "navigate"))).toBe("page");
    const precached = new Set(["/offline.html", "/manifest.webmanifest"]);
    expect(classifyRequest({ ...get("/manifest.webmanifest"), precached })).toBe("asset");
  });

  it("leaves writes, other sites, the worker itself and endpoints to the network", () => {
    expect(classifyRequest({ ...get("/login.data"), method: "POST" })).toBe("bypass");
    expect(classifyRequest({ ...get("/favorites", "navigate"), method: "POST" })).toBe("bypass");
    expect(classifyRequest({ ...get("/x"), url: "https://cdn.example/img.png" })).toBe("bypass");
    expect(classifyRequest(get("/sw.js"))).toBe("bypass");
    expect(classifyRequest(get("/healthz"))).toBe("bypass");
    expect(classifyRequest(get("/logout", "navigate"))).toBe("bypass");
    // The live stream (issue #19): never cached, whether EventSource asks or someone opens it as a page.
    expect(classifyRequest(get("/events?enquetes=x"))).toBe("bypass");
    expect(classifyRequest(get("/events", "navigate"))).toBe("bypass");
    expect(classifyRequest({ ...get("/media/a.mp4"), range: true })).toBe("bypass");
    // A script's fetch of a page is not a navigation: nothing to keep.
    expect(classifyRequest(get("/business/42"))).toBe("bypass");
    // Issue #33: a "perto de" list is made from the resident's position: never kept, as a page or as data.
    expect(classifyRequest(get("/businesses?perto=-21.930,-45.595&aberto=1", "navigate"))).toBe("bypass");
    expect(classifyRequest(get("/drivers/all.data?perto=Centro&_routes=routes%2Fdrivers"))).toBe("bypass");
    expect(classifyRequest(get("/businesses?aberto=1", "navigate"))).toBe("page");
  });

  it("answers React Router's route discovery from the precached whole manifest of the same build", () => {
    expect(classifyRequest(get("/__manifest?paths=%2F%2Cbusinesses&version=abc"))).toBe("manifest");
    expect(routeManifestFile(["/offline.html", "/assets/entry.client-A1.js", "/assets/manifest-9f8e7d6c.js"])).toBe("/assets/manifest-9f8e7d6c.js");
    const routes = { root: { id: "root", path: "" }, "routes/home": { id: "routes/home", parentId: "root", index: true } };
    const source = `window.__reactRouterManifest=${JSON.stringify({ entry: { module: "/assets/e.js", imports: [] }, routes, version: "abc" })};`;
    expect(routeDiscoveryAnswer(source, "/__manifest?paths=%2Fbusinesses&version=abc")).toEqual(routes);
    // A page of another build: only the server's "reload the document" answer is right.
    expect(routeDiscoveryAnswer(source, "/__manifest?paths=%2Fbusinesses&version=old")).toBeNull();
    expect(routeDiscoveryAnswer(source, "/__manifest?paths=%2Fbusinesses")).toBeNull();
  });

  it("maps single-fetch data URLs back to their pages", () => {
    expect(documentPathForData("https://x/_root.data")).toBe("/");
    expect(documentPathForData("https://x/business/42.data")).toBe("/business/42");
    expect(documentPathForData("https://x/drivers/all.data?_routes=root")).toBe("/drivers/all");
    expect(documentPathForData("https://x/search.data?q=p%C3%A3o&_routes=routes%2Fsearch")).toBe("/search?q=p%C3%A3o");
    expect(documentPathForData("https://x/news/_.data")).toBe("/news/");
    expect(documentPathOf("https://x/business/42?aba=fotos", "page")).toBe("/business/42?aba=fotos");
    expect(documentPathOf("https://x/_root.data", "data")).toBe("/");
  });

  it("knows the essentials: home, drivers, favorites and the recent businesses", () => {
    expect(isEssentialPath("/", [])).toBe(true);
    expect(isEssentialPath("/drivers/all", [])).toBe(true);
    expect(isEssentialPath("/favorites", [])).toBe(true);
    expect(isEssentialPath("/business/7", ["7"])).toBe(true);
    expect(isEssentialPath("/business/8", ["7"])).toBe(false);
    expect(isEssentialPath("/news", ["7"])).toBe(false);
    expect(businessIdFromPath("/business/abc-123")).toBe("abc-123");
    expect(businessIdFromPath("/business/abc?x=1")).toBe("abc");
    expect(businessIdFromPath("/businesses")).toBeNull();
    expect(businessIdFromPath("/business/1/fotos")).toBeNull();
  });

  it("keeps the last 10 businesses visited, most recent first", () => {
    let recent: string[] = [];
    for (let i = 1; i <= RECENT_BUSINESSES; i++) {
      const step = recordBusinessVisit(recent, String(i));
      expect(step.evicted).toEqual([]);
      recent = step.recent;
    }
    expect(recent[0]).toBe("10");
    // Revisiting moves to the front without evicting anyone.
    let step = recordBusinessVisit(recent, "3");
    expect(step.recent.slice(0, 2)).toEqual(["3", "10"]);
    expect(step.evicted).toEqual([]);
    // The 11th distinct business pushes out the least recently visited.
    step = recordBusinessVisit(step.recent, "11");
    expect(step.recent).toHaveLength(RECENT_BUSINESSES);
    expect(step.evicted).toEqual(["1"]);
  });

  it("prunes oldest first to the limits", () => {
    expect(keysOverLimit(["a", "b", "c"], 5)).toEqual([]);
    expect(keysOverLimit(["a", "b", "c", "d"], 2)).toEqual(["a", "b"]);
    // Above remix-pwa's silent default of 50, which is what bit us.
    expect(Math.min(MAX_PAGES, MAX_DATA, MAX_MEDIA)).toBeGreaterThanOrEqual(50);
  });

  it("keeps only complete 200 answers", () => {
    expect(isCacheable({ status: 200, type: "basic", redirected: false })).toBe(true);
    expect(isCacheable({ status: 500, type: "basic", redirected: false })).toBe(false);
    expect(isCacheable({ status: 404, type: "basic", redirected: false })).toBe(false);
    expect(isCacheable({ status: 206, type: "basic", redirected: false })).toBe(false);
    expect(isCacheable({ status: 0, type: "opaqueredirect", redirected: false })).toBe(false);
    expect(isCacheable({ status: 200, type: "opaque", redirected: false })).toBe(false);
    expect(isCacheable({ status: 200, type: "basic", redirected: true })).toBe(false);
  });

  it("keeps a stored picture forever, but never one the server marked no-store (a placeholder while it renders)", () => {
    const answer = (cacheControl: string | null) => ({ status: 200, type: "basic", redirected: false, headers: new Headers(cacheControl ? { "Cache-Control": cacheControl } : {}) });
    expect(isKeptForever(answer("public, max-age=31536000, immutable"))).toBe(true);
    expect(isKeptForever(answer(null))).toBe(true);
    expect(isKeptForever(answer("no-store"))).toBe(false);
    expect(isKeptForever({ ...answer(null), status: 404 })).toBe(false);
  });

  it("removes only our own caches from other builds on activate", () => {
    const v = "abc123";
    const existing = [
      ...currentCacheNames(v),
      `${CACHE_PREFIX}precache-old999`,
      `${CACHE_PREFIX}pages-old999`,
      "workbox-precache-v2",
      "other-app",
    ];
    expect(obsoleteCacheNames(existing, v).sort()).toEqual([`${CACHE_PREFIX}pages-old999`, `${CACHE_PREFIX}precache-old999`]);
    expect(cacheName("media", v)).toBe("guida-media");
    expect(cacheName("pages", v)).toBe("guida-pages-abc123");
  });

  it("clears user data (pages, data, essentials, bookkeeping) but not the build's files or images", () => {
    const existing = [...currentCacheNames("v1"), "guida-pages-v0", "other-app"];
    expect(userDataCacheNames(existing).sort()).toEqual(
      ["guida-data-v1", "guida-essentials-v1", "guida-meta", "guida-pages-v0", "guida-pages-v1"].sort(),
    );
  });
});
