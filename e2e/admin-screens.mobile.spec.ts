import { test } from "#e2e/support/fixtures.ts";
import { screenReviewTests, screensServer } from "#e2e/support/admin-screens.ts";

/** The screen-by-screen review (issue 22, items 10-13) on the phone (390 px), by touch. */

test.use({ baseURL: screensServer, signedInAsAdmin: true });

screenReviewTests(390);
