import { describe, expect, it } from "vitest";
import { loginRedirect, pagePathOf } from "#server/toolkit/request";

// Loaders receive the request itself (future.v8_passThroughRequests): for a client-side
// navigation that is the ".data" URL, which must never leak into a link back to the page.
describe("pagePathOf", () => {
  it.each([
    ["http://x/favorites", "/favorites"],
    ["http://x/favorites?tipo=business", "/favorites?tipo=business"],
    ["http://x/favorites.data?tipo=business&_routes=root%2Croutes%2Ffavorites", "/favorites?tipo=business"],
    ["http://x/_root.data?_routes=root", "/"],
    ["http://x/sell-items/abc/edit.data", "/sell-items/abc/edit"],
  ])("%s is the page %s", (url, page) => {
    expect(pagePathOf(new Request(url))).toBe(page);
  });

  it("sends a visitor from a data request to /login with the page's own path to come back to", () => {
    const response = loginRedirect(new Request("http://x/notifications.data?pagina=2&_routes=routes%2Fnotifications"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/notifications?pagina=2")}`);
  });
});
