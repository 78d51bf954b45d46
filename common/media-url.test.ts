import { describe, expect, it } from "vitest";
import { isDisplayable, isMediaAddress, isSitePath } from "#common/media-url.ts";

describe("media addresses", () => {
  it("accept a path on this site exactly as a browser requests it", () => {
    for (const path of ["/storage/content/flags/a.webp", "/images/flags/spanish.svg", "/x.png?v=2", "/a%20b.png"]) {
      expect(isSitePath(path), path).toBe(true);
    }
  });

  it("refuse a path a browser would read as another site's, or rewrite before fetching", () => {
    for (const path of ["/\\evil.example/x.png", "//evil.example/x.png", "/\\/evil.example", "/images/../x.png", "/images/%2e%2e/x.png", "/a b.png", "/a\tb", "/a\nb", "x.png", ""]) {
      expect(isSitePath(path), JSON.stringify(path)).toBe(false);
      expect(isMediaAddress(path), JSON.stringify(path)).toBe(false);
    }
  });

  it("accept http(s) addresses with a host and no credentials, nothing else", () => {
    expect(isMediaAddress("https://flagcdn.example/es.png")).toBe(true);
    expect(isMediaAddress("http://cdn.example/a.mp3")).toBe(true);
    for (const bad of ["javascript:alert(1)", "data:image/png;base64,AA", "https://user:pw@cdn.example/a.png", "ftp://cdn.example/a.png", "https:\\\\evil.example"]) {
      expect(isMediaAddress(bad), bad).toBe(false);
    }
  });

  it("are displayable on this site's pages only from this site and its storage", () => {
    const page = "https://phrasewise.example";
    expect(isDisplayable("/storage/a.webp", page, [])).toBe(true);
    expect(isDisplayable("https://phrasewise.example/a.png", page, [])).toBe(true);
    expect(isDisplayable("https://bucket.s3.example/a.png", page, ["https://bucket.s3.example"])).toBe(true);
    expect(isDisplayable("https://flagcdn.example/es.png", page, ["https://bucket.s3.example"])).toBe(false);
  });
});
