import { describe, expect, it } from "vitest";
import { commentFormKey, commentHref, editWindowOpen } from "~/lib/comments";
import { commentCountLabel } from "#core/format";

// Issue #30's page rules, on a fixed clock (the database keeps the same window: comments.test.ts).
describe("comments", () => {
  const written = new Date("2026-11-20T12:00:00Z");
  it("may be edited for 15 minutes after writing, to the second, and not after", () => {
    expect(editWindowOpen(written, new Date("2026-11-20T12:14:59Z"))).toBe(true);
    expect(editWindowOpen(written, new Date("2026-11-20T12:15:00Z"))).toBe(true);
    expect(editWindowOpen(written, new Date("2026-11-20T12:15:01Z"))).toBe(false);
  });
  it("links to the page holding the comment, anchored to it", () => {
    expect(commentHref("/posts/p1", "c1")).toBe("/posts/p1?comentario=c1#comentario-c1");
    expect(commentFormKey("edit-comment", "c1")).toBe("edit-comment:c1");
    expect(commentFormKey("comment")).toBe("comment");
  });
  it("counts in Portuguese", () => {
    expect([commentCountLabel(1), commentCountLabel(3), commentCountLabel(1200)]).toEqual(["1 comentário", "3 comentários", "1.200 comentários"]);
  });
});
