import { ArrowRight, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { SettingsCard } from "#app/components/admin/settings/settings-card.tsx";
import { Button } from "#app/components/ui/button.tsx";

/**
 * Admin rights are granted and removed in one place, the Users tab's Admin Management: this tab points there rather
 * than holding a second copy of those controls.
 */
export function AdminAccessPanel() {
  return (
    <SettingsCard title="Admin Access" description="Who may use this back-office.">
      <div className="flex gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-900">
        <ShieldCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p className="text-sm">
          Admin users have full access to all settings and data management features. Be careful when granting admin privileges.
        </p>
      </div>
      <p className="mt-4 text-sm text-ink">
        Granting and removing admin privileges happens under Users, in Admin Management: make yourself an admin, grant admin
        by email address, or remove an admin from the user list.
      </p>
      <Button asChild className="mt-5">
        <Link to="/admin/users">
          Open Admin Management
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    </SettingsCard>
  );
}
