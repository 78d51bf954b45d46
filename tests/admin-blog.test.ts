import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogText, sampleText } from "#common/blog-post-schema.ts";
import { uniqueSlug } from "#server/blog/blog-admin.server.ts";
import { blogPosts, blogSlugRedirects } from "#server/db/schema.ts";
import { form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { fileUpload, tinyPng } from "#tests/support/files.ts";
import { confirmedUser, flashTitles, seedSmallCatalog, signInThroughForm, storedFiles } from "#tests/support/site-fixtures.ts";

/** The Blog tab's actions over real HTTP on the real database, and what visitors then see. */

let site: TestSite;
let admin = "";

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  await seedSmallCatalog(site);
  await confirmedUser(site, "admin@example.com", "adminpass1", true);
  admin = await signInThroughForm(site, "admin@example.com", "adminpass1", "198.51.100.21");
}, 120_000);

afterAll(() => site?.close());

const db = () => site.runtime.database.db;

async function act(values: Record<string, string>) {
  // The .data twin answers with the action's data (as the dialog's fetcher receives it), not a whole page.
  const response = await site.request("/admin/blog.data", { ...form(values), cookie: admin, ip: "198.51.100.21" });
  return { status: response.status, toasts: flashTitles(response), body: await response.text() };
}

async function postByTitle(title: string) {
  const rows = await db().select().from(blogPosts).where(eq(blogPosts.title, title));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** What a visitor (no cookie) gets; the shared page cache is emptied through the event bus, on PostgreSQL a moment later. */
async function visitor(path: string) {
  const response = await site.request(path);
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}

async function create(title: string, extra: Record<string, string> = {}) {
  const answer = await act({ intent: "create", title, content: "Line one\nLine two", ...extra });
  expect(answer.status, answer.body).toBe(200);
  expect(answer.toasts).toEqual([blogText.created]);
  return postByTitle(title.trim());
}

async function upload() {
  const response = await site.request("/admin/uploads/blogImage", { ...fileUpload(tinyPng, "cover image.png", "image/png"), cookie: admin });
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

describe("slugs", () => {
  it("follow SPEC §5, are unique per title, and fall back for a title of symbols", async () => {
    const first = await create("Hello, World: 5 Tips!");
    expect(first.slug).toBe("hello-world-5-tips");
    await db().update(blogPosts).set({ title: "Hello World 5 Tips (old)" }).where(eq(blogPosts.id, first.id));
    const second = await create("Hello World 5 Tips");
    expect(second.slug).toBe("hello-world-5-tips-2");
    const symbols = await create("!!! ???");
    expect(symbols.slug).toBe("post");
    const symbols2 = await create("*** ###");
    expect(symbols2.slug).toBe("post-2");
    // LIKE wildcards in a title are plain characters.
    expect(await uniqueSlug(db(), "hello_world")).toBe("hello_world");
  });

  it("change with the title; a published post's old address redirects (301), also after a second rename", async () => {
    const post = await create("Original name", { published: "on" });
    expect((await visitor("/blog/original-name")).status).toBe(200);
    const renamed = await act({ intent: "update", id: post.id, title: "Second name", content: "Body", published: "on" });
    expect(renamed.toasts).toEqual([blogText.updated]);
    await expect.poll(async () => (await visitor("/blog/original-name")).location).toBe("/blog/second-name");
    expect((await visitor("/blog/original-name")).status).toBe(301);
    await act({ intent: "update", id: post.id, title: "Third name", content: "Body", published: "on" });
    await expect.poll(async () => (await visitor("/blog/original-name")).location).toBe("/blog/third-name");
    expect((await visitor("/blog/second-name")).location).toBe("/blog/third-name");
    // Another post with the old title does not take the old address.
    expect((await create("Original name")).slug).toBe("original-name-2");
    // Renaming back reclaims the address: it is no longer a redirect.
    await act({ intent: "update", id: post.id, title: "Second name", content: "Body", published: "on" });
    expect(await db().select().from(blogSlugRedirects).where(eq(blogSlugRedirects.slug, "second-name"))).toEqual([]);
    await expect.poll(async () => (await visitor("/blog/second-name")).status).toBe(200);
  });

  it("of a draft leave no redirect behind", async () => {
    const post = await create("Quiet draft");
    await act({ intent: "update", id: post.id, title: "Quiet draft renamed", content: "Body" });
    expect(await db().select().from(blogSlugRedirects).where(eq(blogSlugRedirects.slug, "quiet-draft"))).toEqual([]);
    expect((await visitor("/blog/quiet-draft")).status).toBe(404);
  });
});

describe("the editor's rules", () => {
  it("requires a title and content, with clear messages, and saves nothing", async () => {
    const before = await db().$count(blogPosts);
    const answer = await act({ intent: "create", title: "  ", content: "" });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(blogText.titleRequired);
    expect(answer.body).toContain(blogText.contentRequired);
    expect(await db().$count(blogPosts)).toBe(before);
  });

  it("refuses a featured image that is not an http(s) or /storage address", async () => {
    const answer = await act({ intent: "create", title: "Bad image", content: "x", featuredImage: "javascript:alert(1)" });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(blogText.imageUrl);
  });

  it("accepts a sample only from an audio group of the chosen lesson, with the default sample title", async () => {
    const wrong = await act({
      intent: "create",
      title: "Wrong sample",
      content: "x",
      sampleLanguageId: "spanish",
      sampleLevelId: "a1",
      lessonId: "numbers",
      phraseAudioUrl: "/storage/a.wav",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain(sampleText.invalidGroup);
    const post = await create("With a sample", {
      published: "on",
      content: "One\nTwo\nThree\nFour",
      sampleLanguageId: "spanish",
      sampleLevelId: "a1",
      lessonId: "greetings",
      phraseAudioUrl: "/storage/a.wav",
    });
    expect(post).toMatchObject({ lessonId: "greetings", phraseAudioUrl: "/storage/a.wav", sampleTitle: null });
    const page = await visitor(`/blog/${post.slug}`);
    const article = page.text.slice(page.text.indexOf("<article"));
    expect(article).toContain(sampleText.defaultTitle);
    expect(article.indexOf(">Three<")).toBeLessThan(article.indexOf(sampleText.defaultTitle));
    expect(article.indexOf(sampleText.defaultTitle)).toBeLessThan(article.indexOf(">Four<"));
  });

  it("answers an unknown post with the spec's error toast and changes nothing", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await act({ intent: "delete", id: missing })).toasts).toEqual([`${blogText.deleteError}: The blog post was not found`]);
    expect((await act({ intent: "toggle-publish", id: missing, published: "true" })).toasts).toEqual([
      `${blogText.publishError}: The blog post was not found`,
    ]);
    expect((await act({ intent: "update", id: missing, title: "x", content: "y" })).status).toBe(404);
  });
});

describe("publishing", () => {
  it("a draft appears nowhere public; publishing shows it at once on the list, home, sitemap and feed", async () => {
    const post = await create("Publish me now");
    const places = ["/blog", "/", "/sitemap.xml", "/blog/rss.xml"];
    for (const path of places) expect((await visitor(path)).text, path).not.toContain(post.slug);
    expect((await visitor(`/blog/${post.slug}`)).status).toBe(404);

    const answer = await act({ intent: "toggle-publish", id: post.id, published: "true" });
    expect(answer.toasts).toEqual([blogText.publishUpdated]);
    for (const path of places) await expect.poll(async () => (await visitor(path)).text, { message: path }).toContain(post.slug);
    const page = await visitor(`/blog/${post.slug}`);
    expect(page.text).toContain('property="og:title" content="Publish me now');

    await act({ intent: "toggle-publish", id: post.id, published: "false" });
    await expect.poll(async () => (await visitor(`/blog/${post.slug}`)).status).toBe(404);
  });

  it("/blog links the feed, and the feed escapes every text", async () => {
    const payload = `<script>alert("x")</script> & <b>bold</b>`;
    await create(`Feed ${payload}`, { published: "on", excerpt: payload });
    const blog = await visitor("/blog");
    expect(blog.text).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="Blog feed" href="\/blog\/rss.xml"\/?>/);
    const response = await site.request("/blog/rss.xml");
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const feed = await response.text();
    expect(feed).toContain("<title>Feed &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;b&#62;bold&#60;/b&#62;</title>");
    expect(feed).not.toContain("<script>");
    expect(feed).not.toContain("<b>");
  });
});

describe("Markdown bodies (issue 27)", () => {
  const body = [
    "# Greetings",
    `Say **hola** and see [the lessons](/languages). <img src=x onerror="alert(1)"><script>alert(2)</script>`,
    "[click](javascript:alert(3)) ![pixel](https://tracker.example/p.png)",
    "- uno",
    "- dos",
  ].join("\n");

  it("render on the server as headings, bold, links and lists, with every payload inert text", async () => {
    const post = await create("Markdown body", { published: "on", content: body });
    const page = await visitor(`/blog/${post.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<h2[^>]*>Greetings<\/h2>/);
    expect(page.text).toMatch(/<strong[^>]*>hola<\/strong>/);
    expect(page.text).toMatch(/<a href="\/languages"[^>]*>the lessons<\/a>/);
    expect(page.text).toMatch(/<li[^>]*><p>uno<\/p><\/li>/);
    expect(page.text).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    for (const live of ["<img src=x", "<script>alert(2)", "javascript:alert(3)", "tracker.example"]) expect(page.text).not.toContain(live);
    // The card's excerpt is the text without the marks.
    await expect.poll(async () => (await visitor("/blog")).text).toContain("Greetings Say hola and see the lessons.");
  });

  it("the editor's preview answers the parsed body and saves nothing", async () => {
    const before = await db().$count(blogPosts);
    const answer = await act({ intent: "preview", content: body });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("Greetings");
    expect(answer.body).not.toContain("javascript:");
    expect(await db().$count(blogPosts)).toBe(before);
  });
});

describe("featured images", () => {
  it("leave storage with the last post that uses them, on delete and on replacement", async () => {
    const shared = await upload();
    const a = await create("Image owner A", { featuredImage: shared });
    const b = await create("Image owner B", { featuredImage: shared });
    const key = (url: string) => storedFiles(site).some((file) => url.endsWith(file.split("/").slice(1).join("/")));
    expect(key(shared)).toBe(true);

    expect((await act({ intent: "delete", id: a.id })).toasts).toEqual([blogText.deleted]);
    expect(key(shared)).toBe(true);

    const replacement = await upload();
    await act({ intent: "update", id: b.id, title: "Image owner B", content: "x", featuredImage: replacement });
    expect(key(shared)).toBe(false);
    expect(key(replacement)).toBe(true);

    await act({ intent: "delete", id: b.id });
    expect(key(replacement)).toBe(false);
    expect(await db().select().from(blogPosts).where(eq(blogPosts.id, b.id))).toEqual([]);
  });

  it("an external image address (saved before outside images were copied on save) is never deleted", async () => {
    const post = await create("External image");
    await db().update(blogPosts).set({ featuredImage: "https://images.example.org/cover.webp" }).where(eq(blogPosts.id, post.id));
    expect((await act({ intent: "delete", id: post.id })).status).toBe(200);
  });
});
