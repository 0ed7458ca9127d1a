import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { IMAGE_TOO_LARGE, imageFieldLabel, imageSources, parseImageRef } from "#core/images";

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
    expect(imageSources("/media/square/x", { saveData: true })).toEqual({
      src: "/media/square/x-96.webp",
      srcSet: null,
      width: 96,
      height: 96,
    });
  });

  it("offers a fixed slot only the widths a screen of up to 3x density would pick for it", () => {
    // A 56 px thumbnail of a photo: 168 device pixels at most, the 320 px file covers it.
    expect(imageSources("/media/photo/p", { slotWidth: 56 })).toEqual({ src: "/media/photo/p-320.webp", srcSet: null, width: 320, height: 240 });
    // A 56 px avatar: 96 px for 1x screens, 192 px for denser ones; never the 384 px file.
    expect(imageSources("/media/square/a", { slotWidth: 56 })).toEqual({
      src: "/media/square/a-192.webp",
      srcSet: "/media/square/a-96.webp 96w, /media/square/a-192.webp 192w",
      width: 192,
      height: 192,
    });
    // A slot wider than the largest file's third keeps every width.
    expect(imageSources("/media/wide/w", { slotWidth: 600 })?.srcSet).toBe(
      "/media/wide/w-320.webp 320w, /media/wide/w-640.webp 640w, /media/wide/w-1280.webp 1280w",
    );
  });

  it("refuses anything that is not a stored image reference", () => {
    expect(parseImageRef("https://evil.example/x.png")).toBeNull();
    expect(parseImageRef("/media/wide/../../etc/passwd")).toBeNull();
    expect(parseImageRef("/media/huge/x")).toBeNull();
    expect(imageSources("javascript:alert(1)")).toBeNull();
  });
});

describe("the image size limit, said once", () => {
  it("labels every image field with the formats and the limit of MAX_IMAGE_BYTES", () => {
    expect(imageFieldLabel("Imagem de capa", { optional: true })).toBe("Imagem de capa (opcional; JPG, PNG ou WebP, até 5 MB)");
    expect(imageFieldLabel("Nova foto")).toBe("Nova foto (JPG, PNG ou WebP, até 5 MB)");
    expect(IMAGE_TOO_LARGE).toBe("Cada foto pode ter no máximo 5 MB.");
  });

  it("has no text in app/, core/ or server/ that writes the size by hand (core/images.ts says it)", () => {
    const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", "app", "core", "server"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => /\.tsx?$/.test(file) && file !== "core/images.ts");
    // Comment lines aside: a comment may still explain what the limit is.
    const handWritten = files.filter((file) => /\b5 ?MB\b/.test(readFileSync(file, "utf8").replace(/^\s*(\/\/|\/\*|\*).*$/gm, "")));
    expect(handWritten).toEqual([]);
  });
});
