import { Form, Link } from "react-router";
import { AddToCartButton, CartNeedsJavaScript, CartSheet, toCartProduct, WhatsAppWithoutCart } from "~/components/cart";
import { FavoriteButton } from "~/components/favorites";
import { CategorySelect, PriceFilterInput } from "~/components/list-filters";
import { keysetPageHref, PagedList, pageRequestFromUrl } from "~/components/pagination";
import { Picture } from "~/components/picture";
import { SoldBadge } from "~/components/sold-badge";
import { useCurrentUser } from "~/components/user-context";
import { formatBRL } from "#core/format";
import { parsePrice } from "#core/price";
import { conditionLabel } from "#core/sell-items";
import { Button, buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { hrefOf } from "#core/item-kinds";
import { ItemTitle } from "~/components/ui/item-title";
import type { SellItemCard } from "#server/models/sell-items";
import { sellItemList } from "#server/cache/reads";
import { favoriteStateOf } from "#server/toolkit/favorite-state";
import { publicOrigin } from "#server/web/origin";
import { itemOrderHref } from "~/lib/cart-order";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/sell-items";
import { textLinkClass } from "~/components/ui/text-link";
import { PageHeader } from "~/components/ui/page-header";

export const meta: Route.MetaFunction = () => [
  { title: "Vendas em Vila Serena · Guida" },
  { name: "description", content: "Móveis, bicicletas, eletrônicos e roupas à venda pelos vizinhos de Vila Serena." },
];

/** A price filter as typed ("1.500", "99,90"); an unreadable one is reported and ignored. */
function priceFilter(url: URL, name: string, label: string, problems: string[]) {
  const text = (url.searchParams.get(name) ?? "").trim().slice(0, 30);
  if (!text) return { text, value: undefined };
  const value = parsePrice(text);
  if (value === null) {
    problems.push(`${label} “${text}” não é um valor que entendemos: digite, por exemplo, 100 ou 1.234,56.`);
    return { text, value: undefined };
  }
  return { text, value };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = url.searchParams.get("categoria")?.trim().slice(0, 60) || undefined;
  const problems: string[] = [];
  let min = priceFilter(url, "precoMin", "O preço mínimo", problems);
  let max = priceFilter(url, "precoMax", "O preço máximo", problems);
  // "de 500 a 100" means "between 100 and 500".
  if (min.value !== undefined && max.value !== undefined && min.value > max.value) [min, max] = [max, min];
  const ctx = getRequestContext(context);
  const { categories, list } = await ctx.db.asVisitor(sellItemList, {
    category,
    minPrice: min.value,
    maxPrice: max.value,
    ...pageRequestFromUrl(url),
  });
  const favoriteState = await favoriteStateOf(ctx, list.items.map((item) => item.id));
  const origin = publicOrigin();
  // Each item's WhatsApp message, for the page before (or without) its scripts: the cart's
  // stand-in (components/cart.tsx WhatsAppWithoutCart).
  const orderHrefs = Object.fromEntries(list.items.map((item) => [item.id, itemOrderHref(toCartProduct(item), origin)]));
  return { ...list, favoriteState, orderHrefs, categories, category: category ?? "", minPrice: min.text, maxPrice: max.text, problems };
}

export default function SellItems({ loaderData }: Route.ComponentProps) {
  const { items, hasMore, categories, category, minPrice, maxPrice, problems, page, orderHrefs } = loaderData;
  const filtered = Boolean(category || minPrice || maxPrice);
  const href = keysetPageHref("/sell-items", { categoria: category, precoMin: minPrice, precoMax: maxPrice }, page, items);
  return (
    <div className="space-y-4">
      <PageHeader title="Vendas">
        <CartSheet />
      </PageHeader>
      <CartNeedsJavaScript />
      <div className="flex gap-2">
        <Link to="/create-sell-item" className={buttonClass("primary", "sm", "flex-1")}>
          Anunciar item
        </Link>
        <Link to="/my-sell-items" className={buttonClass("secondary", "sm", "flex-1")}>
          Meus anúncios
        </Link>
      </div>

      {/* Folded while no filter is on, so the ads start above the fold on a phone; a native
          <details> opens without JavaScript. */}
      <details open={filtered || problems.length > 0} className={cardClass("group")}>
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-3 font-semibold [&::-webkit-details-marker]:hidden">
          <span>{filtered ? "Filtros em uso" : "Filtrar por categoria e preço"}</span>
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" className="transition-transform group-open:rotate-180">
            <path d="m6 9 6 6 6-6" />
          </svg>
        </summary>
        <Form method="get" className="space-y-2 px-3 pb-3" aria-label="Filtrar anúncios">
          <div>
            <CategorySelect categories={categories} selected={category} />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <PriceFilterInput name="precoMin" label="Preço mínimo (R$)" value={minPrice} placeholder="0,00" />
            <PriceFilterInput name="precoMax" label="Preço máximo (R$)" value={maxPrice} placeholder="Sem limite" />
          </div>
          {problems.length > 0 ? (
            <div role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              {problems.map((problem) => (
                <p key={problem}>{problem}</p>
              ))}
            </div>
          ) : null}
          <div className="flex items-center gap-2">
            <Button type="submit" variant="primary" size="md" className="flex-1">
              Filtrar
            </Button>
            {filtered ? (
              <Link to="/sell-items" className={textLinkClass({ small: true, className: "px-3" })}>
                Limpar filtros
              </Link>
            ) : null}
          </div>
        </Form>
      </details>

      <PagedList
        items={items}
        label="Itens à venda"
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
        empty={filtered ? "Nenhum anúncio encontrado com esses filtros." : "Ninguém anunciou nada ainda. Que tal ser o primeiro?"}
        page={page}
        hasMore={hasMore}
        href={href}
      >
        {(item, i) => <SellItemCardView item={item} priority={i < 2} orderHref={orderHrefs[item.id] ?? ""} />}
      </PagedList>
    </div>
  );
}

function SellItemCardView({ item, priority, orderHref }: { item: SellItemCard; priority: boolean; orderHref: string }) {
  const user = useCurrentUser();
  const sold = item.status === "sold";
  const own = user?.id === item.sellerId;
  return (
    <li className={cardClass("flex min-w-0 flex-col gap-3 p-3")} data-testid="sell-item-card">
      <div className="flex gap-3">
        <Link to={hrefOf("sell_item", item.id)} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Picture
            image={item.image}
            alt=""
            sizes="128px"
            priority={priority}
            placeholder={item.title}
            className={`aspect-[4/3] w-32 rounded-lg ${sold ? "opacity-60 grayscale" : ""}`}
          />
        </Link>
        <div className="min-w-0 flex-1">
          <ItemTitle kind="sell_item" id={item.id} title={item.title} className="font-semibold leading-snug break-words" />
          <p className="flex flex-wrap items-center gap-2">
            <span className={`text-lg font-bold ${sold ? "text-stone-500 line-through dark:text-stone-400" : "text-brand-700 dark:text-brand-100"}`}>
              {formatBRL(item.price)}
            </span>
            {sold ? <SoldBadge /> : null}
          </p>
          <p className="truncate text-xs text-stone-600 dark:text-stone-300">
            {conditionLabel(item.condition)} · {item.location || "Vila Serena"}
          </p>
          <p className="truncate text-xs text-stone-600 dark:text-stone-300">
            por{" "}
            <Link to={`/u/${item.sellerUsername}`} className="underline">
              {item.sellerName}
            </Link>
          </p>
        </div>
      </div>
      <div className="flex items-center gap-2">
        <FavoriteButton itemType="sell_item" itemId={item.id} label={item.title} />
        {!sold && !own ? <AddToCartButton product={toCartProduct(item)} className="flex-1" /> : null}
        {!sold && !own ? <WhatsAppWithoutCart href={orderHref} title={item.title} className="flex-1" /> : null}
        {own ? (
          <Link to={`/sell-items/${item.id}/edit`} className={buttonClass("secondary", "sm", "flex-1")}>
            Editar
          </Link>
        ) : null}
      </div>
    </li>
  );
}
