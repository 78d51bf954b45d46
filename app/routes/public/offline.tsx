import { WifiOff } from "lucide-react";
import { useSearchParams } from "react-router";
import { Link } from "#app/lib/page-router.tsx";
import { DownloadedLessons } from "#app/components/offline/downloaded-lessons.tsx";
import { Container } from "#app/components/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { seo } from "#app/lib/seo.ts";
import { OFFLINE_PATH } from "#common/offline.ts";
import type { Route } from "./+types/offline";

/**
 * What the service worker shows for a page that is neither downloaded nor visited before when the network is gone
 * (docs/decisions/014-offline.md). Each build's worker stores this page when it installs.
 */
export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "You're offline", description: "This page isn't available offline.", path: OFFLINE_PATH, noindex: true });

/** Only an address of this site: `from` comes from the query. */
const retryTarget = (from: string | null) => (from?.startsWith("/") && !from.startsWith("//") ? from : "/");

export default function Offline() {
  const [query] = useSearchParams();
  return (
    <Container className="py-12">
      <div className="mx-auto grid max-w-2xl gap-8">
        <div className="grid justify-items-center gap-4 text-center">
          <WifiOff className="size-12 text-brand-700" aria-hidden />
          <h1 className="text-3xl font-extrabold text-ink">You're offline</h1>
          <p className="text-muted">This page isn't available offline. Your downloaded lessons and the pages you visited still open.</p>
          <Button variant="outline" onClick={() => window.location.assign(retryTarget(query.get("from")))}>
            Try again
          </Button>
          <Link to="/" className="font-semibold text-brand-800 hover:underline">
            Return to Home
          </Link>
        </div>
        <DownloadedLessons />
      </div>
    </Container>
  );
}
