/**
 * The icons an admin list repeats on every row (view, edit, delete, move, drag), drawn once per page as SVG symbols
 * and used by reference. Inline, a 50-row page carried 150 lucide icons: a third of its server time and a quarter
 * of its HTML (bench/README.md, "Admin rows: one dialog per page, icons by reference").
 *
 * The drawings are lucide's own (lucide-react 1.75, ISC); row-icons.test.ts checks each still matches lucide's.
 */
const drawings = {
  "external-link": [
    ["path", { d: "M15 3h6v6" }],
    ["path", { d: "M10 14 21 3" }],
    ["path", { d: "M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" }],
  ],
  pencil: [
    [
      "path",
      {
        d: "M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z",
      },
    ],
    ["path", { d: "m15 5 4 4" }],
  ],
  "trash-2": [
    ["path", { d: "M10 11v6" }],
    ["path", { d: "M14 11v6" }],
    ["path", { d: "M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6" }],
    ["path", { d: "M3 6h18" }],
    ["path", { d: "M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" }],
  ],
  "arrow-up": [
    ["path", { d: "m5 12 7-7 7 7" }],
    ["path", { d: "M12 19V5" }],
  ],
  "arrow-down": [
    ["path", { d: "M12 5v14" }],
    ["path", { d: "m19 12-7 7-7-7" }],
  ],
  "grip-vertical": [
    ["circle", { cx: "9", cy: "12", r: "1" }],
    ["circle", { cx: "9", cy: "5", r: "1" }],
    ["circle", { cx: "9", cy: "19", r: "1" }],
    ["circle", { cx: "15", cy: "12", r: "1" }],
    ["circle", { cx: "15", cy: "5", r: "1" }],
    ["circle", { cx: "15", cy: "19", r: "1" }],
  ],
} as const satisfies Record<string, readonly (readonly ["path", { d: string }] | readonly ["circle", { cx: string; cy: string; r: string }])[]>;

export type RowIconName = keyof typeof drawings;

export const rowIconNames = Object.keys(drawings) as RowIconName[];

const symbolId = (name: RowIconName) => `row-icon-${name}`;

/** One icon's drawing, as lucide draws it inside its <svg>. */
export function RowIconDrawing({ name }: { name: RowIconName }) {
  return drawings[name].map(([Tag, attributes], index) => <Tag key={index} {...attributes} />);
}

/** The symbols, once per document (the admin layout renders it). */
export function RowIconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" className="absolute size-0 overflow-hidden">
      {rowIconNames.map((name) => (
        <symbol
          key={name}
          id={symbolId(name)}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <RowIconDrawing name={name} />
        </symbol>
      ))}
    </svg>
  );
}

/** An icon of the sprite, decorative (the button around it carries the name), sized like a lucide icon. */
export function RowIcon({ name, className }: { name: RowIconName; className?: string }) {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" className={className ? `lucide ${className}` : "lucide"}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
