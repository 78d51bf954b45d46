import { describe, expect, it } from "vitest";
import { isLessonPath, lessonHref } from "#common/catalog.ts";

describe("isLessonPath", () => {
  it("knows a lesson's address, with or without a query or hash", () => {
    expect(isLessonPath(lessonHref("spanish", "a1", "greetings"))).toBe(true);
    expect(isLessonPath("/japanese/n5/at-the-station?from=profile")).toBe(true);
    expect(isLessonPath("/spanish/a1/greetings#phrase-2")).toBe(true);
    expect(isLessonPath(lessonHref("zh-hans", "hsk 1", "ni hao"))).toBe(true);
  });

  it("tells every other address apart", () => {
    for (const href of [
      "/",
      "/languages",
      "/spanish",
      "/spanish/a1",
      "/spanish/a1/",
      "/spanish//greetings",
      "/spanish/a1/greetings/more",
      "/blog/a-post/x",
      "/admin/phrases/without-audio",
      "/api/v1/languages",
      "/auth/reset-password/x",
      "https://example.com/a/b/c",
      "//example.com/a/b",
      "mailto:support@example.com",
    ]) {
      expect(isLessonPath(href), href).toBe(false);
    }
  });
});
