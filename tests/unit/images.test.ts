import { describe, expect, it } from "vitest";
import { imageSources, parseImageRef } from "~/lib/images";

describe("image references", () => {
  it("builds a srcset over the shape's stored widths with explicit dimensions", () => {
    const sources = imageSources("/media/wide/abc-123");
    expect(sources).toEqual({
      src: "/media/wide/abc-123-640.webp",
      srcSet: "/media/wide/abc-123-320.webp 320w, /media/wide/abc-123-640.webp 640w, /media/wide/abc-123-1280.webp 1280w",
      width: 640,
      height: 360,
    });
  });

  it("offers only the smallest width when the reader asked to save data", () => {
    expect(imageSources("/media/square/x", { saveData: true })).toMatchObject({
      src: "/media/square/x-96.webp",
      srcSet: "/media/square/x-96.webp 96w",
      width: 96,
      height: 96,
    });
  });

  it("refuses anything that is not a stored image reference", () => {
    expect(parseImageRef("https://evil.example/x.png")).toBeNull();
    expect(parseImageRef("/media/wide/../../etc/passwd")).toBeNull();
    expect(parseImageRef("/media/huge/x")).toBeNull();
    expect(imageSources("javascript:alert(1)")).toBeNull();
  });
});
