import { data, Link } from "react-router";
import { ReportLink } from "~/components/report-link";
import { AddToCartButton, CartSheet, toCartProduct, WhatsAppWithoutCart } from "~/components/cart";
import { FavoriteButton } from "~/components/favorites";
import { Picture } from "~/components/picture";
import { SoldBadge } from "~/components/sold-badge";
import { formatBRL, formatLongDate } from "#core/format";
import { conditionLabel } from "#core/sell-items";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { sellItemPage } from "#server/cache/reads";
import { favoriteStateOf } from "#server/toolkit/favorite-state";
import { publicOrigin } from "#server/web/origin";
import { itemOrderHref } from "~/lib/cart-order";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/sell-item";
import { textLinkClass } from "~/components/ui/text-link";
import { shareMeta } from "~/lib/share-meta";
import { canonicalOrigin } from "#server/web/origin";
import type { MetaDescriptor } from "react-router";
import type { SellItem } from "#server/models/sell-items";
import { breadcrumbJsonLd, sellItemJsonLd } from "~/lib/structured-data";

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const [user, item] = await Promise.all([ctx.user(), ctx.db.asVisitor(sellItemPage, { id: params.id })]);
  if (!item) throw data(null, { status: 404 });
  return { item, isOwner: user?.id === item.sellerId, favoriteState: await favoriteStateOf(ctx, [item.id]), orderHref: itemOrderHref(toCartProduct({ ...item, image: null }), publicOrigin()), head: headOf(item, canonicalOrigin()) };
}

/** What the page's head says to link previews and search engines (issue #31), made here on the server. */
function headOf(item: SellItem, origin: string | null) {
  const path = `/sell-items/${item.id}`;
  const price = formatBRL(item.price);
  return shareMeta(
    {
      title: `${item.title} · ${price} · Vendas · Guida`,
      headline: `${item.title} · ${item.status === "sold" ? "Vendido" : price}`,
      description: item.description || item.title,
      path,
      card: `/og/sell_item/${item.id}`,
      cardAlt: `${item.title}, ${price}`,
      type: "product",
      structuredData: [
        sellItemJsonLd(item, origin),
        breadcrumbJsonLd(origin, [{ name: "Vendas", path: "/sell-items" }, { name: item.title, path }]),
      ].filter((entry) => entry !== null),
    },
    origin,
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => (loaderData ? (loaderData.head as MetaDescriptor[]) : [{ title: "Anúncio não encontrado · Guida" }]);

export default function SellItemPage({ loaderData }: Route.ComponentProps) {
  const { item, isOwner, orderHref } = loaderData;
  const sold = item.status === "sold";
  const [cover, ...more] = item.images;
  return (
    <article className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <Link to="/sell-items" className={textLinkClass({ small: true })}>
          ← Vendas
        </Link>
        <CartSheet />
      </div>

      <Picture
        image={cover}
        alt={cover ? `Foto de ${item.title}` : ""}
        sizes="(min-width: 768px) 768px, 100vw"
        priority
        placeholder={item.title}
        className={`aspect-[4/3] w-full rounded-xl ${sold ? "opacity-70 grayscale" : ""}`}
      />
      {more.length > 0 ? (
        <ul aria-label="Mais fotos" className="grid grid-cols-3 gap-2">
          {more.map((ref, i) => (
            <li key={ref}>
              <Picture image={ref} alt={`Foto ${i + 2} de ${item.title}`} sizes="(min-width: 768px) 256px, 33vw" className="aspect-[4/3] w-full rounded-lg" />
            </li>
          ))}
        </ul>
      ) : null}

      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{item.title}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <span className={`text-2xl font-bold ${sold ? "text-stone-500 line-through dark:text-stone-400" : "text-brand-700 dark:text-brand-100"}`}>
              {formatBRL(item.price)}
            </span>
            {sold ? <SoldBadge /> : null}
          </p>
        </div>
        <FavoriteButton itemType="sell_item" itemId={item.id} label={item.title} />
      </header>

      <dl className={cardClass("divide-y divide-stone-200 px-3 text-sm dark:divide-stone-800")}>
        {[
          ["Estado", conditionLabel(item.condition)],
          ["Categoria", item.category],
          ["Bairro", item.location || "Vila Serena"],
        ].map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-3 py-2">
            <dt className="text-stone-600 dark:text-stone-300">{label}</dt>
            <dd className="min-w-0 text-right font-semibold break-words">{value}</dd>
          </div>
        ))}
      </dl>

      {sold ? (
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          Este item já foi vendido{item.soldAt ? ` em ${formatLongDate(item.soldAt)}` : ""}.
        </p>
      ) : null}

      {isOwner ? (
        <Link to={`/sell-items/${item.id}/edit`} className={buttonClass("primary", "lg", "w-full")}>
          Editar
        </Link>
      ) : !sold ? (
        <>
          <AddToCartButton product={toCartProduct({ ...item, image: cover ?? null })} className="w-full" />
          <WhatsAppWithoutCart href={orderHref} title={item.title} className="w-full" />
        </>
      ) : null}

      {item.description ? (
        <section aria-labelledby="descricao">
          <h2 id="descricao" className="text-lg font-semibold">
            Descrição
          </h2>
          <p className="mt-1 whitespace-pre-line break-words">{item.description}</p>
        </section>
      ) : null}

      <section aria-labelledby="vendedor" className={cardClass("flex items-center gap-3 p-3")}>
        <Picture image={item.sellerAvatarUrl} alt="" sizes="48px" placeholder={item.sellerName} className="size-12 shrink-0 rounded-full" />
        <div className="min-w-0">
          <h2 id="vendedor" className="text-xs text-stone-600 dark:text-stone-300">
            Anunciado por
          </h2>
          <Link to={`/u/${item.sellerUsername}`} className="block truncate font-semibold underline">
            {item.sellerName}
          </Link>
          <p className="text-xs text-stone-600 dark:text-stone-300">em {formatLongDate(item.createdAt)}</p>
        </div>
      </section>
      {isOwner ? null : <ReportLink kind="sell_item" id={item.id} label={item.title} />}
    </article>
  );
}
