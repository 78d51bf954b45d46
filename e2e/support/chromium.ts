/** Debian's Chromium with the flags a machine without outside network needs: no background requests, updates or sync. */
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const chromiumLaunchOptions = { executablePath: chromiumExecutable, args: chromiumArgs };
