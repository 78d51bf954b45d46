import { test } from "#e2e/support/fixtures.ts";
import { screenReviewTests, screensServer, tablet } from "#e2e/support/admin-screens.ts";

/** The screen-by-screen review (issue 22, items 10-13) at 1280 px with a mouse, and at 768 px by touch. */

test.use({ baseURL: screensServer, signedInAsAdmin: true });

screenReviewTests(1280);

test.describe("on a tablet", () => {
  test.use(tablet);
  screenReviewTests(768);
});
