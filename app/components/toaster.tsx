import { useEffect, useState, useSyncExternalStore } from "react";
import type * as SonnerModule from "sonner";
import type { ToastMessage } from "#common/toast.ts";

/**
 * The one toast system. Sonner (about 12 KB gzip with its styles) is loaded on the first toast rather than with
 * every page, which keeps the first-visit JavaScript inside its budget; toasts wait until its Toaster is mounted.
 */
type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | undefined;
const requestListeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function loadSonner() {
  if (!sonner) {
    sonner = import("sonner");
    for (const listener of requestListeners) listener();
  }
  return sonner;
}

export function notify(message: ToastMessage & { id?: string }) {
  void loadSonner().then(async ({ toast }) => {
    await mounted;
    // The description is always given, even as undefined: a toast that replaces another (the same id) must not keep
    // the earlier one's description ('Icon uploaded successfully' under the failed upload's reason).
    toast[message.type](message.title, { ...(message.id ? { id: message.id } : {}), description: message.description });
  });
}

function subscribe(listener: () => void) {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

export function LazyToaster() {
  const requested = useSyncExternalStore(subscribe, () => sonner !== undefined, () => false);
  const [module, setModule] = useState<Sonner | null>(null);
  useEffect(() => {
    if (requested) void loadSonner().then(setModule);
  }, [requested]);
  return module ? <MountedToaster Toaster={module.Toaster} /> : null;
}

function MountedToaster({ Toaster }: { Toaster: Sonner["Toaster"] }) {
  // Effects run child-first: by now the Toaster has subscribed, so queued toasts are not lost.
  useEffect(() => markMounted(), []);
  return (
    <Toaster
      position="top-center"
      richColors
      closeButton
      // Below the header on every width, clear of its links and of the phone's menu button: app.css sets
      // --toast-top for the public header, the phone's top bar and the admin header.
      offset={{ top: "var(--toast-top)" }}
      mobileOffset={{ top: "var(--toast-top)" }}
      style={
        {
          // Sonner sets its own system font stack; toasts use the brand font, as the body does.
          fontFamily: "inherit",
          // Sonner's rich colours fall short of AA contrast; darker text keeps its look and passes.
          "--success-text": "#047857",
          "--error-text": "#b91c1c",
          "--info-text": "#1d4ed8",
        } as React.CSSProperties
      }
    />
  );
}
