import { BookOpen, FileText, Globe, Layers, LayoutDashboard, MessageSquareText, Settings, Users, type LucideIcon } from "lucide-react";

/** The admin tab bar (SPEC §2): Overview, then a tab per section at /admin/{name}. */
export interface AdminSection {
  to: string;
  label: string;
  title: string;
  description: string;
  icon: LucideIcon;
}

export const adminOverview = { to: "/admin", label: "Overview", icon: LayoutDashboard } as const;

export const adminSections: AdminSection[] = [
  { to: "/admin/languages", label: "Languages", title: "Manage Languages", description: "Add, edit and remove the languages learners can choose.", icon: Globe },
  { to: "/admin/levels", label: "Levels", title: "Manage Levels", description: "Organize each language into CEFR levels, reorder and lock them.", icon: Layers },
  { to: "/admin/lessons", label: "Lessons", title: "Manage Lessons", description: "Create lessons per level, set their order and lock premium ones.", icon: BookOpen },
  { to: "/admin/phrases", label: "Phrases", title: "Manage Phrases", description: "Add phrases with translations and native-speaker audio.", icon: MessageSquareText },
  { to: "/admin/users", label: "Users", title: "User Management", description: "See who has registered and grant or remove admin privileges.", icon: Users },
  { to: "/admin/blog", label: "Blog", title: "Blog Management", description: "Write, publish and edit blog posts.", icon: FileText },
  { to: "/admin/settings", label: "Settings", title: "Website Settings", description: "App links, content, branding, social links and the embeddable banner.", icon: Settings },
];

export function adminSection(to: string): AdminSection {
  const section = adminSections.find((s) => s.to === to);
  if (!section) throw new Error(`No admin section at ${to}`);
  return section;
}
