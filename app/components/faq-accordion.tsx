import { ChevronDown, CircleHelp, CreditCard, UserRound, Wrench, type LucideIcon } from "lucide-react";
import { Accordion } from "radix-ui";
import { TextWithEmailLinks } from "#app/components/legal-page.tsx";
import type { FaqCategory, FaqCategoryId } from "#app/content/faq.ts";

export const faqCategoryIcons: Record<FaqCategoryId, LucideIcon> = {
  general: CircleHelp,
  account: UserRound,
  subscription: CreditCard,
  technical: Wrench,
};

/** The element id of a category's section, for in-page links. */
export function faqSectionId(id: FaqCategoryId) {
  return `faq-${id}`;
}

/**
 * Every category's questions in ONE single-value accordion, so opening any question closes the one open before,
 * wherever it is on the page (SPEC §2). Triggers are buttons: Enter and Space toggle, arrow keys, Home and End move
 * between questions.
 */
export function FaqAccordion({ categories, supportEmail }: { categories: FaqCategory[]; supportEmail: string }) {
  return (
    <Accordion.Root type="single" collapsible className="space-y-12">
      {categories.map((category) => {
        const Icon = faqCategoryIcons[category.id];
        const sectionId = faqSectionId(category.id);
        return (
          <section key={category.id} id={sectionId} aria-labelledby={`${sectionId}-heading`} className="scroll-mt-24">
            <h2 id={`${sectionId}-heading`} className="flex items-center gap-3 text-2xl font-bold text-ink">
              <span className="flex size-10 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                <Icon className="size-5" aria-hidden />
              </span>
              {category.title}
            </h2>
            <div className="mt-5 divide-y divide-brand-100 overflow-hidden rounded-card border border-brand-100 bg-white shadow-card">
              {category.items.map((item) => (
                <Accordion.Item key={item.id} value={item.id} className="group/item">
                  <Accordion.Header className="m-0">
                    <Accordion.Trigger className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-[1.05rem] font-semibold text-ink transition-colors hover:bg-brand-50/70 focus-visible:-outline-offset-3 data-[state=open]:bg-brand-50/70 data-[state=open]:text-brand-800 sm:px-6">
                      {item.question}
                      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 transition-[transform,background-color] duration-200 group-data-[state=open]/item:rotate-180 group-data-[state=open]/item:bg-brand-100">
                        <ChevronDown className="size-5" aria-hidden />
                      </span>
                    </Accordion.Trigger>
                  </Accordion.Header>
                  <Accordion.Content className="bg-brand-50/70 data-[state=open]:animate-[fade-in_200ms_ease-out]">
                    <p className="px-5 pb-5 leading-relaxed text-muted sm:px-6">
                      <TextWithEmailLinks text={item.answer} email={supportEmail} />
                    </p>
                  </Accordion.Content>
                </Accordion.Item>
              ))}
            </div>
          </section>
        );
      })}
    </Accordion.Root>
  );
}
