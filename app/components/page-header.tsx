import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { Link } from "#app/lib/page-router.tsx";

/** The heading band at the top of a public page. */
export function PageHeader({
  title,
  eyebrow,
  description,
  children,
  className,
}: {
  title: React.ReactNode;
  eyebrow?: React.ReactNode;
  description?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("bg-gradient-to-b from-brand-50 to-white", className)}>
      <div className="mx-auto max-w-7xl px-6 pt-10 pb-8 md:pt-14 md:pb-10 lg:px-8">
        {children}
        {eyebrow ? <div className="mb-3">{eyebrow}</div> : null}
        <h1 className="text-3xl font-extrabold text-ink md:text-4xl">{title}</h1>
        {description ? <p className="mt-3 max-w-2xl text-lg text-muted">{description}</p> : null}
      </div>
    </div>
  );
}

export function Container({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={cn("mx-auto max-w-7xl px-6 lg:px-8", className)}>{children}</div>;
}

/** The spec's "nothing here yet" and "doesn't exist" messages. */
export function EmptyState({ message, children }: { message: string; children?: React.ReactNode }) {
  return (
    <div className="mx-auto my-10 flex max-w-lg flex-col items-center gap-5 rounded-[var(--radius-card)] border border-dashed border-brand-200 bg-brand-50/50 px-6 py-12 text-center">
      <p className="text-lg font-medium text-ink">{message}</p>
      {children}
    </div>
  );
}

/** A language, level or lesson that does not exist (the catalogue pages' 404): what was asked for, and the way back. */
export function CatalogNotFound({ title, message }: { title: string; message: string }) {
  return (
    <Container className="py-16">
      <h1 className="sr-only">{title}</h1>
      <EmptyState message={message}>
        <Button asChild variant="outline">
          <Link to="/languages">Browse languages</Link>
        </Button>
      </EmptyState>
    </Container>
  );
}
