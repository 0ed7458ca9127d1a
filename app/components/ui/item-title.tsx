import { Link } from "react-router";
import { hrefOf, type ItemKind } from "#core/item-kinds";

/** A list card's heading: the item's name, linking to its page (news, sell items, services). */
export function ItemTitle({ kind, id, title, className, headingId }: { kind: ItemKind; id: string; title: string; className: string; headingId?: string }) {
  return (
    <h2 id={headingId} className={className}>
      <Link to={hrefOf(kind, id)} className="hover:underline">
        {title}
      </Link>
    </h2>
  );
}
