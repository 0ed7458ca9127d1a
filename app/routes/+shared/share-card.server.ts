import { describeOpenStatus, openStatus } from "#core/business-hours";
import { VEHICLE_LABELS, vehicleLine } from "#core/drivers";
import { formatBRL } from "#core/format";
import { conditionLabel } from "#core/sell-items";
import { businessPage, driverPage, newsArticle, postPage, sellItemPage, servicePage } from "#server/cache/reads";
import { renderShareCard, type ShareCard } from "#server/images/share-card";
import type { RequestContext } from "#server/toolkit/request-context";

/**
 * /og/{kind}/{id}: the share card of a shareable page (og:image, issue #31), read as a
 * visitor through the same cached reads as the page, so a hidden or pending item has no card
 * either (404). Drawn once per content (server/images/share-card.ts); a crawler may keep it a
 * few minutes, since a business's open status on it changes with the clock.
 */
export async function shareCard(ctx: RequestContext, kind: string, id: string): Promise<Response> {
  const card = await cardOf(ctx, kind, id);
  if (!card) return new Response("Cartão não encontrado", { status: 404, headers: { "Cache-Control": "no-store" } });
  const jpeg = await renderShareCard(card);
  return new Response(new Uint8Array(jpeg), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(jpeg.length),
      "Cache-Control": "public, max-age=600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

async function cardOf(ctx: RequestContext, kind: string, id: string): Promise<ShareCard | null> {
  switch (kind) {
    case "business": {
      const business = await ctx.db.asVisitor(businessPage, { id });
      if (!business) return null;
      const status = openStatus(business.openingHours, new Date(), business);
      return {
        title: business.name,
        subtitle: `${business.category} · ${business.neighbourhood}`,
        highlight: business.openingHours ? describeOpenStatus(status) : null,
        image: business.coverUrl ?? business.logoUrl,
      };
    }
    case "service": {
      const service = await ctx.db.asVisitor(servicePage, { id });
      return service && { title: service.name, subtitle: [service.category, service.neighbourhood].filter(Boolean).join(" · "), highlight: service.priceInfo || null, image: service.imageUrl };
    }
    case "driver": {
      const driver = await ctx.db.asVisitor(driverPage, { id });
      return driver && { title: driver.name, subtitle: vehicleLine(driver.vehicleKind, driver.vehicleDescription), highlight: VEHICLE_LABELS[driver.vehicleKind], image: driver.photoUrl };
    }
    case "sell_item": {
      const item = await ctx.db.asVisitor(sellItemPage, { id });
      return item && {
        title: item.title,
        subtitle: `${conditionLabel(item.condition)} · ${item.location}`,
        highlight: item.status === "sold" ? "Vendido" : formatBRL(item.price),
        image: item.images[0] ?? null,
      };
    }
    case "post": {
      const post = await ctx.db.asVisitor(postPage, { id });
      if (!post || post.moderationState !== "visible") return null;
      return { title: post.poll ? post.poll.question : post.content, subtitle: `Post de ${post.author.fullName}`, highlight: post.poll ? "Enquete" : null, image: post.imageUrl };
    }
    case "news": {
      const article = await ctx.db.asVisitor(newsArticle, { id });
      return article && { title: article.title, subtitle: article.summary, highlight: "Notícia", image: article.coverImage };
    }
    default:
      return null;
  }
}
