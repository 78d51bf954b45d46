import { devices } from "@playwright/test";

/** The phone every mobile screen is checked on: 390 px wide, touch, a mobile browser's user agent. */
export const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: devices["Pixel 7"].userAgent,
};
