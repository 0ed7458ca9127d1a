import type { ReactNode } from "react";
import { FavoriteButton } from "~/components/favorites";
import { Picture } from "~/components/picture";
import { cardClass } from "~/components/ui/card";
import { telHref } from "~/lib/contact-links";
import type { ListingKind } from "#core/item-kinds";
import { formatBrazilianPhone } from "#core/phone";

/**
 * The pieces a directory listing's own page (/business/{id}, /service/{id}, /driver/{id})
 * shares: its header and its details card.
 */

type HeaderPhoto = { url: string | null; shape: "rounded-full" | "rounded-2xl" };

/** The listing's photo (when beside the name: a driver's face, a service's picture), its name, what it is (`children`) and its heart. */
export function ListingHeader(props: { kind: ListingKind; id: string; name: string; photo?: HeaderPhoto; centered?: boolean; className?: string; children: ReactNode }) {
  const { kind, id, name, photo, centered = false, className, children } = props;
  return (
    <header className={`flex gap-4 ${centered ? "items-center" : "items-start"} ${className ?? ""}`}>
      {photo ? <Picture image={photo.url} alt={`Foto de ${name}`} sizes="96px" priority placeholder={name} className={`size-24 shrink-0 ${photo.shape}`} /> : null}
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-bold leading-tight break-words">{name}</h1>
        {children}
      </div>
      <FavoriteButton itemType={kind} itemId={id} label={name} />
    </header>
  );
}

/** The details card: a term per row, rows without a value left out, nothing at all when none has one. */
export function ListingDetails({ rows }: { rows: [term: string, value: ReactNode][] }) {
  const shown = rows.filter(([, value]) => value);
  if (shown.length === 0) return null;
  return (
    <dl className={cardClass("space-y-3 p-4 text-sm")}>
      {shown.map(([term, value]) => (
        <div key={term}>
          <dt className="font-semibold">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A phone number written the Brazilian way, which calls it when tapped. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a className="underline" href={telHref(phone)}>
      {formatBrazilianPhone(phone)}
    </a>
  );
}

/** A titled part of the page (hours, areas, photos), or the sentence it says when there is nothing to show. */
export function ListingSection({ id, title, empty, children }: { id: string; title: string; empty?: string | false; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {empty ? <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">{empty}</p> : children}
    </section>
  );
}
