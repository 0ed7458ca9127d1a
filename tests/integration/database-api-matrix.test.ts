import { beforeAll, describe, expect, it } from "vitest";
import { withUser } from "#server/db/with-user";
import { ANON, type Claims, type Database, type Queryable } from "#server/db/types";
import { addFavorite } from "#server/models/favorites";
import { listSellItems } from "#server/models/sell-items";
import { forEachEngine } from "./db";

// Issue #13, finding 3: on Supabase, PostgREST exposes every table of `public` to every
// token, so the database's own grants and policies — not the routes — decide what a
// resident can do. This file asks the database directly, the way PostgREST does
// (withUser: set_config('role', …, true) and set_config('request.jwt.claims', …, true)),
// as a visitor (anon), as the row's owner and as another resident, for every table, every
// verb and every column, and checks the outcome the app intends. The coverage test at the
// end fails when a table or column of `public` is missing from the matrix.

const ALICE = "00000000-0000-4000-8000-00000000a11c"; // owns every target row
const BRUNO = "00000000-0000-4000-8000-00000000b404"; // another resident
const MODE = "00000000-0000-4000-8000-0000000000de"; // a moderator (issue #18)
const ADMIN = "00000000-0000-4000-8000-00000000ad01"; // an admin
const BLOCKED = "00000000-0000-4000-8000-00000000b10c"; // a resident a moderator blocked

const BIZ = "10000000-0000-4000-8000-0000000000b1";
const BIZ_IMAGE = "10000000-0000-4000-8000-0000000000b2";
const SERVICE = "10000000-0000-4000-8000-0000000000c1";
const DRIVER = "10000000-0000-4000-8000-0000000000d1";
const ITEM = "10000000-0000-4000-8000-0000000000e1";
const BRUNO_ITEM = "10000000-0000-4000-8000-0000000000e2";
const POST = "10000000-0000-4000-8000-0000000000f1"; // Alice's, with a poll nobody voted on
const PLAIN_POST = "10000000-0000-4000-8000-0000000000f2"; // Alice's, no poll
const BRUNO_POST = "10000000-0000-4000-8000-0000000000f3"; // Bruno's poll, Alice voted
const POLL = "10000000-0000-4000-8000-0000000000a1";
const BRUNO_POLL = "10000000-0000-4000-8000-0000000000a2";
const OPTION = "10000000-0000-4000-8000-0000000000a3";
const OPTION_2 = "10000000-0000-4000-8000-0000000000a4";
const BRUNO_OPTION = "10000000-0000-4000-8000-0000000000a5";
const BRUNO_OPTION_2 = "10000000-0000-4000-8000-0000000000a6";
const NEWS = "10000000-0000-4000-8000-0000000000a7";
const BRUNO_BIZ = "10000000-0000-4000-8000-0000000000b3";
const FREE_BIZ = "10000000-0000-4000-8000-0000000000b4"; // nobody owns it
const PROPOSAL = "10000000-0000-4000-8000-0000000000c7";
const CLAIM = "10000000-0000-4000-8000-0000000000c8";
const REPORT = "10000000-0000-4000-8000-0000000000c9";
const COMMENT = "10000000-0000-4000-8000-0000000000ca"; // Alice's, on Bruno's post (issue #30)
const REVIEW = "10000000-0000-4000-8000-0000000000cb"; // Alice's, of Bruno's business (issue #30)
const BRUNO_REVIEW = "10000000-0000-4000-8000-0000000000cc"; // Bruno's, of Alice's business, answered by her
const BRUNO_REVIEW_2 = "10000000-0000-4000-8000-0000000000cd"; // Bruno's, of Alice's service, not answered
const FORGED_ID = "9f000000-0000-4000-8000-000000000001";
const SPECIAL_DATE = "10000000-0000-4000-8000-0000000000ca";
const PHARMACY = "10000000-0000-4000-8000-0000000000cb"; // Alice's, on duty (issue #32)
const DUTY_TURN = "10000000-0000-4000-8000-0000000000cc";
const EVENT = "10000000-0000-4000-8000-0000000000ce"; // Alice's proposal, pending (issue #32)
const PUSH_DEVICE = "10000000-0000-4000-8000-0000000000cf"; // Alice's phone, subscribed to Web Push (issue #31)
const P256DH = "B".repeat(87);
const PUSH_AUTH = "A".repeat(22);

const q = (value: string) => `'${value.replace(/'/g, "''")}'`;

// Issue #18: moderators and admins write nothing directly either (their actions are the
// SECURITY DEFINER functions of the moderation migration): where a table does not say
// otherwise, they are "another resident" who may also read what moderation needs.
type Actor = "anon" | "owner" | "other" | "moderator" | "admin";
const ACTORS: readonly Actor[] = ["anon", "owner", "other", "moderator", "admin"];
const CLAIMS: Record<Actor, Claims> = {
  anon: ANON,
  owner: { role: "authenticated", sub: ALICE },
  other: { role: "authenticated", sub: BRUNO },
  moderator: { role: "authenticated", sub: MODE },
  admin: { role: "authenticated", sub: ADMIN },
};
/** Writes by a moderator or an admin are judged as another resident's. */
const asWriter = (actor: Actor): "owner" | "other" => (actor === "owner" ? "owner" : "other");

/** visible: the row comes back · hidden: no row, no error · denied: permission denied. */
type Read = "visible" | "hidden" | "denied";
/** allowed: written and read back · rls: refused by a policy · hidden: no row matched · denied: no grant. */
type Write = "allowed" | "rls" | "hidden" | "denied";

type ColumnRule = {
  /** An SQL expression of the column's type: what each attempt tries to write. */
  value: string;
  /** Who may change it with UPDATE: the row's owner (others match no row), or nobody. */
  update: "owner" | "nobody";
  /** What the database keeps instead of `value` when the owner writes it (SQL, default value). */
  stored?: string;
  /** After the owner's update, true on the row (what the database filled in meanwhile). */
  check?: string;
  /** A generated column: every write naming it is refused as such, before any grant. */
  generated?: true;
};

type TableRules = {
  /** Picks the target row, which belongs to Alice. */
  where: string;
  select: Record<Actor, Read>;
  insert: {
    /** The row the app itself inserts for Alice: exactly the columns residents may name. */
    row: Record<string, string>;
    owner: Write;
    other: Write;
    /** After the owner's insert, true on the new row (what the database filled in). */
    check?: string;
  };
  delete: { owner: Write; other: Write };
  /** Every column of the table. */
  columns: Record<string, ColumnRule>;
  /** How a refused write reads on this relation (views refuse before any grant). */
  refusal?: RegExp;
};

const nobody = (value: string): ColumnRule => ({ value, update: "nobody" });
const GENERATED: ColumnRule = { value: "'zzz'", update: "nobody", generated: true };
/** A generated boolean (top_rated): the attempt writes a value of its type, so the refusal is the generated column's. */
const GENERATED_FLAG: ColumnRule = { ...GENERATED, value: "true" };
const GENERATED_REFUSAL = /cannot insert a non-DEFAULT value|can only be updated to DEFAULT/;
const owner = (value: string, filled: { stored?: string; check?: string } = {}): ColumnRule => ({
  value,
  update: "owner",
  ...filled,
});
const FUTURE = "'2999-01-01 00:00:00+00'";
const PUBLIC_READ: Record<Actor, Read> = { anon: "visible", owner: "visible", other: "visible", moderator: "visible", admin: "visible" };
const PRIVATE_READ: Record<Actor, Read> = { anon: "denied", owner: "visible", other: "hidden", moderator: "hidden", admin: "hidden" };
const NO_READ: Record<Actor, Read> = { anon: "denied", owner: "denied", other: "denied", moderator: "denied", admin: "denied" };
/** The owner's row, also read by moderators (reports, proposals, claims). */
const MODERATED_READ: Record<Actor, Read> = { anon: "denied", owner: "visible", other: "hidden", moderator: "visible", admin: "visible" };
const OWNER_INSERTS = { owner: "allowed", other: "rls" } as const;
const NOBODY_INSERTS = { owner: "denied", other: "denied" } as const;
const OWNER_DELETES = { owner: "allowed", other: "hidden" } as const;
const NOBODY_DELETES = { owner: "denied", other: "denied" } as const;

const MATRIX: Record<string, TableRules> = {
  // Created by the sign-up trigger; the owner edits the profile form's fields and the avatar.
  profiles: {
    where: `id = ${q(ALICE)}`,
    select: PUBLIC_READ,
    insert: { row: { id: q(ALICE), username: q("alice_dois"), full_name: q("Alice Dois") }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: {
      id: nobody(q(BRUNO)),
      username: owner(q("alice_nova")),
      full_name: owner(q("Alice Nova")),
      avatar_url: owner(q("/media/avatars/nova.webp")),
      bio: owner(q("Nova bio")),
      moderation_state: nobody(q("hidden")),
      created_at: nobody(FUTURE),
      updated_at: nobody(FUTURE),
    },
  },
  profile_private: {
    where: `user_id = ${q(ALICE)}`,
    select: PRIVATE_READ,
    insert: { row: { user_id: q(ALICE) }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: {
      user_id: nobody(q(BRUNO)),
      // Issue #13: stored in its one E.164 spelling, whatever the resident typed.
      phone: owner(q("(35) 99999-0000"), { stored: q("+5535999990000") }),
      birth_date: owner(q("1990-01-02")),
      updated_at: nobody(FUTURE),
    },
  },
  // Residents propose listings (listing_proposals); a moderator's approval creates them.
  businesses: {
    where: `id = ${q(BIZ)}`,
    select: PUBLIC_READ,
    insert: { row: { owner_id: q(ALICE), name: q("Negócio forjado"), category: q("Padarias") }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      owner_id: nobody(q(BRUNO)),
      name: nobody(q("Renomeado")),
      category: nobody(q("Outros")),
      // Issue #18: the approved owner edits the details (/business/{id}/editar).
      description: owner(q("Outra descrição")),
      address: owner(q("Outra rua")),
      neighbourhood: nobody(q("Outro bairro")),
      phone: owner(q("+553533339999")),
      whatsapp: owner(q("5535999990000")),
      instagram: nobody(q("@outro")),
      website: nobody(q("https://exemplo.com.br")),
      opening_hours: owner(`'{"monday":{"open":true,"opensAt":"07:00","closesAt":"18:00"}}'::jsonb`),
      // Issue #32: what the business does on holidays, from the same edit form.
      holiday_mode: owner(q("normal")),
      holiday_opens_at: owner(q("08:00")),
      holiday_closes_at: owner(q("12:00")),
      // Issue #33: the owner moves the pin from the same form (the row has one, so each half moves alone).
      latitude: owner("-21.931"),
      longitude: owner("-45.596"),
      moderation_state: nobody(q("hidden")),
      // Kept by the database from the name (20261126000700_city_keyset.sql): nobody writes it.
      name_sort_key: GENERATED,
      // Issue #30: "4+ estrelas", from the rating columns (20261201000200_top_rated.sql).
      top_rated: GENERATED_FLAG,
      logo_url: owner(q("/media/logo-novo.webp")),
      cover_url: owner(q("/media/capa-nova.webp")),
      created_at: nobody(FUTURE),
      // Issue #30: kept by a trigger from the listing's visible reviews.
      rating_count: nobody("999"),
      rating_sum: nobody("999"),
      rating_counts: nobody(`'{9,9,9,9,9}'`),
      updated_at: nobody(FUTURE),
    },
  },
  business_images: {
    where: `id = ${q(BIZ_IMAGE)}`,
    select: PUBLIC_READ,
    insert: { row: { business_id: q(BIZ), url: q("/media/galeria-nova.webp"), position: "1" }, ...OWNER_INSERTS },
    delete: OWNER_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      business_id: nobody(q(FORGED_ID)),
      url: nobody(q("/media/trocada.webp")),
      position: nobody("5"),
      created_at: nobody(FUTURE),
    },
  },
  services: {
    where: `id = ${q(SERVICE)}`,
    select: PUBLIC_READ,
    insert: { row: { owner_id: q(ALICE), name: q("Serviço forjado"), category: q("Reformas") }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      owner_id: nobody(q(BRUNO)),
      name: nobody(q("Renomeado")),
      category: nobody(q("Outros")),
      description: nobody(q("Outra descrição")),
      neighbourhood: nobody(q("Outro bairro")),
      phone: nobody(q("(35) 3333-9999")),
      whatsapp: nobody(q("35999990000")),
      price_info: nobody(q("Grátis")),
      image_url: nobody(q("/media/outra.webp")),
      // Issue #33: set only from the approved proposal.
      latitude: nobody("-21.931"),
      longitude: nobody("-45.596"),
      moderation_state: nobody(q("hidden")),
      // Issue #30: kept by a trigger from the listing's visible reviews.
      rating_count: nobody("999"),
      rating_sum: nobody("999"),
      rating_counts: nobody(`'{9,9,9,9,9}'`),
      // Kept by the database from the name (20261126000700_city_keyset.sql): nobody writes it.
      name_sort_key: GENERATED,
      // Issue #30: "4+ estrelas", from the rating columns (20261201000200_top_rated.sql).
      top_rated: GENERATED_FLAG,
      created_at: nobody(FUTURE),
      updated_at: nobody(FUTURE),
    },
  },
  drivers: {
    where: `id = ${q(DRIVER)}`,
    select: PUBLIC_READ,
    insert: { row: { owner_id: q(ALICE), name: q("Motorista forjado"), vehicle_kind: q("moto") }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      owner_id: nobody(q(BRUNO)),
      name: nobody(q("Renomeado")),
      vehicle_kind: nobody(q("van")),
      vehicle_description: nobody(q("Outra")),
      areas: nobody(`'{Centro}'`),
      bio: nobody(q("Outra bio")),
      phone: nobody(q("(35) 3333-9999")),
      whatsapp: nobody(q("35999990000")),
      photo_url: nobody(q("/media/outra.webp")),
      working_hours: nobody(`'{}'::jsonb`),
      // Issue #33: the driver's base, set only from the approved proposal.
      latitude: nobody("-21.931"),
      longitude: nobody("-45.596"),
      moderation_state: nobody(q("hidden")),
      // Issue #30: kept by a trigger from the listing's visible reviews.
      rating_count: nobody("999"),
      rating_sum: nobody("999"),
      rating_counts: nobody(`'{9,9,9,9,9}'`),
      // Kept by the database from the name (20261126000700_city_keyset.sql): nobody writes it.
      name_sort_key: GENERATED,
      // Issue #30: "4+ estrelas", from the rating columns (20261201000200_top_rated.sql).
      top_rated: GENERATED_FLAG,
      created_at: nobody(FUTURE),
      updated_at: nobody(FUTURE),
    },
  },
  sell_items: {
    where: `id = ${q(ITEM)}`,
    select: PUBLIC_READ,
    insert: {
      row: {
        seller_id: q(ALICE),
        title: q("Anúncio novo"),
        description: q(""),
        price: "10.00",
        condition: q("usado"),
        category: q("Casa"),
        location: q("Centro"),
        images: `'{/media/foto.webp}'`,
      },
      ...OWNER_INSERTS,
      check: `created_at = now() AND status = 'available' AND sold_at IS NULL`,
    },
    delete: OWNER_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      seller_id: nobody(q(BRUNO)),
      title: owner(q("Título novo")),
      description: owner(q("Descrição nova")),
      price: owner("99.90"),
      condition: owner(q("novo")),
      category: owner(q("Ferramentas")),
      location: owner(q("Vila Nova")),
      images: owner(`'{/media/a.webp,/media/b.webp}'`),
      // Marking it sold: the database stamps the time.
      status: owner(q("sold"), { check: "sold_at = now()" }),
      sold_at: nobody(FUTURE),
      moderation_state: nobody(q("hidden")),
      created_at: nobody(FUTURE),
      updated_at: nobody(FUTURE),
    },
  },
  posts: {
    where: `id = ${q(POST)}`,
    select: PUBLIC_READ,
    insert: { row: { author_id: q(ALICE), content: q("Post novo"), image_url: "NULL" }, ...OWNER_INSERTS, check: `created_at = now()` },
    delete: OWNER_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      author_id: nobody(q(BRUNO)),
      content: owner(q("Texto revisado")),
      image_url: owner(q("/media/post-novo.webp")),
      moderation_state: nobody(q("hidden")),
      // Issue #30: kept by a trigger from the post's visible comments.
      comment_count: nobody("999"),
      created_at: nobody(FUTURE),
      updated_at: nobody(FUTURE),
    },
  },
  polls: {
    where: `id = ${q(POLL)}`,
    select: PUBLIC_READ,
    insert: { row: { post_id: q(PLAIN_POST), question: q("Nova enquete?") }, ...OWNER_INSERTS },
    delete: OWNER_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      post_id: nobody(q(PLAIN_POST)),
      question: owner(q("Pergunta revisada?")),
      created_at: nobody(FUTURE),
    },
  },
  // Editing a poll replaces its options (delete and insert): nobody updates one in place.
  poll_options: {
    where: `id = ${q(OPTION)}`,
    select: PUBLIC_READ,
    insert: { row: { poll_id: q(POLL), label: q("Talvez"), position: "2" }, ...OWNER_INSERTS },
    delete: OWNER_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      poll_id: nobody(q(BRUNO_POLL)),
      label: nobody(q("Trocada")),
      position: nobody("4"),
    },
  },
  // The row's owner is the voter; voting again moves the vote (ON CONFLICT DO UPDATE).
  poll_votes: {
    where: `poll_id = ${q(BRUNO_POLL)} AND user_id = ${q(ALICE)}`,
    select: PRIVATE_READ,
    insert: { row: { poll_id: q(POLL), user_id: q(ALICE), option_id: q(OPTION) }, ...OWNER_INSERTS, check: `created_at = now()` },
    delete: NOBODY_DELETES,
    columns: {
      poll_id: nobody(q(POLL)),
      user_id: nobody(q(BRUNO)),
      option_id: owner(q(BRUNO_OPTION_2)),
      created_at: nobody(FUTURE),
    },
  },
  news: {
    where: `id = ${q(NEWS)}`,
    select: PUBLIC_READ,
    insert: {
      row: { author_id: q(ALICE), title: q("Notícia nova"), summary: q("Resumo"), content: q("Texto"), cover_image: "NULL" },
      ...OWNER_INSERTS,
      check: `created_at = now()`,
    },
    delete: OWNER_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      author_id: nobody(q(BRUNO)),
      title: nobody(q("Título trocado")),
      summary: nobody(q("Resumo trocado")),
      content: nobody(q("Texto trocado")),
      cover_image: nobody(q("/media/outra.webp")),
      moderation_state: nobody(q("hidden")),
      // Issue #30: kept by a trigger from the article's visible comments.
      comment_count: nobody("999"),
      created_at: nobody(FUTURE),
      updated_at: nobody(FUTURE),
    },
  },
  // Issue #30: written as oneself on an item one may read; the text edited by its author
  // (within 15 minutes: the database's clock), removed by its author (deleted_at, stamped and
  // emptied by the database). Nobody moves it, backdates it or unhides it.
  comments: {
    where: `id = ${q(COMMENT)}`,
    select: PUBLIC_READ,
    insert: {
      row: { post_id: q(BRUNO_POST), news_id: "NULL", parent_id: "NULL", author_id: q(ALICE), body: q("Comentário novo") },
      ...OWNER_INSERTS,
      check: `created_at = now() AND edited_at IS NULL AND deleted_at IS NULL AND moderation_state = 'visible'`,
    },
    delete: OWNER_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      post_id: nobody(q(POST)),
      news_id: nobody(q(NEWS)),
      // Kept by the database (whichever of post_id, news_id is set): nobody writes it.
      item_id: { ...GENERATED, value: q(FORGED_ID) },
      parent_id: nobody(q(FORGED_ID)),
      author_id: nobody(q(BRUNO)),
      body: owner(q("Comentário revisado"), { check: "edited_at = now()" }),
      moderation_state: nobody(q("hidden")),
      created_at: nobody(FUTURE),
      edited_at: nobody(FUTURE),
      deleted_at: owner(FUTURE, { stored: "now()", check: "body = ''" }),
    },
  },
  // Issue #30: one per resident per listing, written as oneself (never of one's own listing);
  // the stars and text changed by their author (the database dates it anew), removed by them.
  reviews: {
    where: `id = ${q(REVIEW)}`,
    select: PUBLIC_READ,
    insert: {
      row: { business_id: q(FREE_BIZ), service_id: "NULL", driver_id: "NULL", author_id: q(ALICE), stars: "4", body: q("Bom atendimento") },
      ...OWNER_INSERTS,
      check: `created_at = now() AND updated_at = now() AND moderation_state = 'visible'`,
    },
    delete: OWNER_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      business_id: nobody(q(BIZ)),
      service_id: nobody(q(SERVICE)),
      driver_id: nobody(q(DRIVER)),
      // Kept by the database (whichever listing is set): nobody writes them.
      listing_id: { ...GENERATED, value: q(FORGED_ID) },
      listing_kind: GENERATED,
      author_id: nobody(q(BRUNO)),
      stars: owner("2", { check: "updated_at = now()" }),
      body: owner(q("Mudei de ideia"), { check: "updated_at = now()" }),
      moderation_state: nobody(q("hidden")),
      created_at: nobody(FUTURE),
      updated_at: nobody(FUTURE),
    },
  },
  // The listing owner's one answer to a review (the row's owner is its writer): never changed.
  review_replies: {
    where: `review_id = ${q(BRUNO_REVIEW)}`,
    select: PUBLIC_READ,
    insert: { row: { review_id: q(BRUNO_REVIEW_2), author_id: q(ALICE), body: q("Obrigada, Bruno!") }, ...OWNER_INSERTS, check: `created_at = now()` },
    delete: NOBODY_DELETES,
    columns: {
      review_id: nobody(q(BRUNO_REVIEW_2)),
      author_id: nobody(q(BRUNO)),
      body: nobody(q("Resposta trocada")),
      created_at: nobody(FUTURE),
    },
  },
  // Written only by the database's triggers; the owner marks them read, at the database's time.
  notifications: {
    where: `user_id = ${q(ALICE)} AND kind = 'welcome'`,
    select: PRIVATE_READ,
    insert: { row: { user_id: q(ALICE), kind: q("welcome"), title: q("AVISO: sua conta será suspensa") }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      user_id: nobody(q(BRUNO)),
      kind: nobody(q("vote")),
      title: nobody(q("AVISO: sua conta será suspensa")),
      body: nobody(q("Clique aqui")),
      link: nobody(q("https://golpe.example")),
      read_at: owner(FUTURE, { stored: "now()" }),
      // Issue #30: comments on one thread count on one unread line.
      group_key: nobody(q("forjada")),
      group_count: nobody("99"),
      created_at: nobody(FUTURE),
    },
  },
  // A resident names the item; the database copies what the favorite shows from the item itself.
  user_favorites: {
    where: `user_id = ${q(ALICE)} AND item_id = ${q(BRUNO_POST)}`,
    select: PRIVATE_READ,
    insert: {
      row: { user_id: q(ALICE), item_id: q(BRUNO_ITEM), item_type: q("sell_item") },
      ...OWNER_INSERTS,
      check: `title = 'Geladeira do Bruno' AND seller = 'Bruno Lima' AND price = 150 AND created_at = now()
              AND EXISTS (SELECT 1 FROM public.notifications n WHERE n.user_id = '${BRUNO}' AND n.kind = 'favorite'
                          AND n.body = 'Geladeira do Bruno')`,
    },
    delete: OWNER_DELETES,
    columns: {
      user_id: nobody(q(BRUNO)),
      item_id: nobody(q(ITEM)),
      item_type: nobody(q("sell_item")),
      title: nobody(q("AVISO: sua conta será suspensa")),
      description: nobody(q("forjada")),
      price: nobody("1.00"),
      image: nobody(q("/media/forjada.webp")),
      seller: nobody(q("Prefeitura")),
      date: nobody(FUTURE),
      location: nobody(q("forjada")),
      author: nobody(q("Prefeitura")),
      content: nobody(q("AVISO: sua conta será suspensa")),
      author_avatar: nobody(q("/media/forjada.webp")),
      avatar_url: nobody(q("/media/forjada.webp")),
      cover_image: nobody(q("/media/forjada.webp")),
      has_poll: nobody("true"),
      poll_question: nobody(q("forjada?")),
      poll_options: nobody(`'{a,b}'`),
      // Kept by the database from the item's moderation state (a resident unhiding their
      // favorite of hidden content would read what moderation hid).
      item_hidden: nobody("false"),
      created_at: nobody(FUTURE),
    },
  },
  // Issue #18. Roles come from the operator only; each resident reads their own, admins all.
  user_roles: {
    where: `user_id = ${q(MODE)}`,
    select: { anon: "denied", owner: "hidden", other: "hidden", moderator: "visible", admin: "visible" },
    insert: { row: { user_id: q(ALICE), role: q("admin") }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: { user_id: nobody(q(BRUNO)), role: nobody(q("admin")), granted_at: nobody(FUTURE) },
  },
  // Written by moderate('block'); the blocked resident and moderators read it.
  resident_blocks: {
    where: `user_id = ${q(BLOCKED)}`,
    select: { anon: "denied", owner: "hidden", other: "hidden", moderator: "visible", admin: "visible" },
    insert: { row: { user_id: q(BRUNO) }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: { user_id: nobody(q(BRUNO)), blocked_by: nobody(q(ALICE)), note: nobody(q("x")), blocked_at: nobody(FUTURE) },
  },
  // Configuration: SQL by the operator, or npm run guida -- reports-to-hide N.
  moderation_settings: {
    where: `id`,
    select: NO_READ,
    insert: { row: { id: "false" }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: {
      id: nobody("false"),
      reports_to_hide: nobody("1"),
      reports_per_hour: nobody("10000"),
      // Issue #25: the trust levels' numbers and how long address hashes are kept.
      trusted_after_days: nobody("0"),
      trusted_contributions: nobody("0"),
      address_days: nobody("365"),
      // Issue #30: the rate of comments per resident, by trust level.
      comments_per_10_minutes: nobody("10000"),
      new_account_comments_per_hour: nobody("10000"),
      // Issue #32: event proposals a day per resident, by trust level.
      events_per_day: nobody("10000"),
      new_account_events_per_day: nobody("10000"),
    },
  },
  // /denunciar: one per resident per item; closed only by a moderator's action.
  reports: {
    where: `id = ${q(REPORT)}`,
    select: MODERATED_READ,
    insert: {
      row: { reporter_id: q(ALICE), item_type: q("sell_item"), item_id: q(BRUNO_ITEM), reason: q("golpe"), note: q("Pix antecipado") },
      ...OWNER_INSERTS,
      check: `created_at = now() AND resolved_at IS NULL`,
    },
    delete: NOBODY_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      reporter_id: nobody(q(BRUNO)),
      item_type: nobody(q("news")),
      item_id: nobody(q(NEWS)),
      reason: nobody(q("spam")),
      note: nobody(q("trocada")),
      created_at: nobody(FUTURE),
      resolved_at: nobody(FUTURE),
      // Issue #25: the moderator's decision, which the reporter's trust weight learns from.
      outcome: nobody(q("upheld")),
    },
  },
  // Issue #25: hashed network addresses (salted, by prefix, kept 30 days) for the trust
  // rules. Nobody but the database's owner reads or writes them: not the resident, not a
  // moderator (service_role neither: tests/integration/trust.test.ts).
  resident_addresses: {
    where: `user_id = ${q(ALICE)}`,
    select: NO_READ,
    insert: { row: { user_id: q(ALICE), address_hash: q("0".repeat(64)) }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: { user_id: nobody(q(BRUNO)), address_hash: nobody(q("f".repeat(64))), last_seen_at: nobody(FUTURE) },
  },
  // /cadastrar/{tipo}: pending until a moderator approves (review_proposal creates the listing).
  listing_proposals: {
    where: `id = ${q(PROPOSAL)}`,
    select: MODERATED_READ,
    insert: {
      row: {
        proposer_id: q(ALICE),
        kind: q("business"),
        name: q("Doceria da Alice"),
        category: q("Doces"),
        description: q("Bolos"),
        address: q("Rua A, 1"),
        neighbourhood: q("Centro"),
        phone: q("+553533334444"),
        whatsapp: q("5535999994444"),
        latitude: "-21.93",
        longitude: "-45.595",
      },
      ...OWNER_INSERTS,
      check: `status = 'pending' AND listing_id IS NULL AND created_at = now()`,
    },
    delete: NOBODY_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      proposer_id: nobody(q(BRUNO)),
      kind: nobody(q("driver")),
      name: nobody(q("Trocado")),
      category: nobody(q("Outros")),
      description: nobody(q("x")),
      address: nobody(q("x")),
      neighbourhood: nobody(q("x")),
      phone: nobody(q("+553533330000")),
      whatsapp: nobody(q("5535999990000")),
      latitude: nobody("-21.931"),
      longitude: nobody("-45.596"),
      status: nobody(q("approved")),
      listing_id: nobody(q(BIZ)),
      created_at: nobody(FUTURE),
      reviewed_at: nobody(FUTURE),
    },
  },
  // Issue #32: the agenda. A resident proposes (pending); a moderator's review_event approves it,
  // and only then does everyone read it (tests/integration/events.test.ts). Alice's is pending.
  events: {
    where: `id = ${q(EVENT)}`,
    select: { anon: "hidden", owner: "visible", other: "hidden", moderator: "visible", admin: "visible" },
    insert: {
      row: {
        proposer_id: q(ALICE),
        title: q("Quermesse da Alice"),
        description: q("Pastel e quentão"),
        starts_at: "'2027-06-19 21:00+00'",
        ends_at: "'2027-06-20 02:00+00'",
        business_id: q(BIZ),
        address: q("Praça da Matriz"),
        category: q("Festa"),
        price_cents: "1000",
      },
      ...OWNER_INSERTS,
      check: `status = 'pending' AND reviewed_at IS NULL AND created_at = now()`,
    },
    delete: NOBODY_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      proposer_id: nobody(q(BRUNO)),
      title: nobody(q("Trocado")),
      description: nobody(q("x")),
      starts_at: nobody("'2027-07-01 21:00+00'"),
      ends_at: nobody("'2027-07-02 02:00+00'"),
      business_id: nobody(q(BRUNO_BIZ)),
      address: nobody(q("Outra praça")),
      category: nobody(q("Feira")),
      price_cents: nobody("5"),
      status: nobody(q("approved")),
      created_at: nobody(FUTURE),
      reviewed_at: nobody(FUTURE),
    },
  },
  // "Este negócio é meu": approved by a moderator (review_claim).
  business_claims: {
    where: `id = ${q(CLAIM)}`,
    select: MODERATED_READ,
    insert: { row: { claimant_id: q(ALICE), business_id: q(FREE_BIZ), note: q("Sou a dona") }, ...OWNER_INSERTS, check: `status = 'pending'` },
    delete: NOBODY_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      claimant_id: nobody(q(BRUNO)),
      business_id: nobody(q(BIZ)),
      note: nobody(q("x")),
      status: nobody(q("approved")),
      created_at: nobody(FUTURE),
      reviewed_at: nobody(FUTURE),
      // Issue #25: whom an approval took the business from; only review_claim writes it.
      previous_owner_id: nobody(q(BRUNO)),
    },
  },
  // Every moderator and operator action; admins read it, only the functions write it.
  moderation_log: {
    where: `action = 'block' AND subject_id = ${q(BLOCKED)}`,
    select: { anon: "denied", owner: "hidden", other: "hidden", moderator: "hidden", admin: "visible" },
    insert: { row: { action: q("hide"), note: q("forjada") }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      moderator_id: nobody(q(ALICE)),
      action: nobody(q("restore")),
      item_type: nobody(q("post")),
      item_id: nobody(q(POST)),
      subject_id: nobody(q(ALICE)),
      note: nobody(q("apagada")),
      created_at: nobody(FUTURE),
    },
  },
  // The migrations runner's bookkeeping: no request role has any business there.
  guida_migrations: {
    where: `name = '20261122000100_guida_schema.sql'`,
    select: NO_READ,
    insert: { row: { name: q("99999999999999_forjada.sql") }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: { name: nobody(q("forjada.sql")), applied_at: nobody(FUTURE) },
  },
  // Issue #31: a resident's devices for Web Push. Saved through save_push_subscription (the
  // endpoint changes hands); the owner re-chooses the kinds and removes the device.
  push_subscriptions: {
    where: `id = ${q(PUSH_DEVICE)}`,
    select: PRIVATE_READ,
    insert: {
      row: { user_id: q(ALICE), endpoint: q("https://push.exemplo.com/forjado"), p256dh: q(P256DH), auth: q(PUSH_AUTH) },
      ...NOBODY_INSERTS,
    },
    delete: OWNER_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      user_id: nobody(q(BRUNO)),
      endpoint: nobody(q("https://push.exemplo.com/outro")),
      p256dh: nobody(q("C".repeat(87))),
      auth: nobody(q("D".repeat(22))),
      kinds: owner("ARRAY['vote']"),
      created_at: nobody(FUTURE),
    },
  },
  // The messages the servers push (issue #31): written by a trigger, read by the servers only.
  push_outbox: {
    where: `subscription_id = ${q(PUSH_DEVICE)}`,
    select: NO_READ,
    insert: { row: { subscription_id: q(PUSH_DEVICE), title: q("AVISO: sua conta será suspensa"), tag: q("x") }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: {
      // An identity column (GENERATED ALWAYS): refused as a generated column, before any grant.
      id: { ...GENERATED, value: "999999" },
      subscription_id: nobody(q(FORGED_ID)),
      title: nobody(q("AVISO")),
      body: nobody(q("Clique aqui")),
      link: nobody(q("https://golpe.example")),
      tag: nobody(q("forjada")),
      attempts: nobody("0"),
      due_at: nobody(FUTURE),
      created_at: nobody(FUTURE),
    },
  },
  // Shared rate-limit counters (issue #15): only the server's own role counts in them.
  rate_limits: {
    where: `key = 'signin-ip:192.0.2.1'`,
    select: NO_READ,
    insert: { row: { key: q("forjada"), count: "0", reset_at: FUTURE }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: { key: nobody(q("forjada")), count: nobody("0"), reset_at: nobody(FUTURE) },
  },
  // Public vote counts (a view with its owner's rights): read-only for everyone.
  poll_option_results: {
    where: `option_id = ${q(OPTION)}`,
    select: PUBLIC_READ,
    insert: { row: { poll_id: q(POLL), option_id: q(OPTION), label: q("x"), position: "0", votes: "99" }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: {
      poll_id: nobody(q(BRUNO_POLL)),
      option_id: nobody(q(OPTION_2)),
      label: nobody(q("x")),
      position: nobody("3"),
      votes: nobody("99"),
    },
    refusal: /permission denied|cannot (insert into|update|delete from) view/,
  },
  // Summaries kept by triggers (issue #17): everyone reads them, nobody writes them.
  opening_spans: {
    where: `weekday = 'monday' AND opens_at = '08:00' AND closes_at = '18:00'`,
    select: PUBLIC_READ,
    insert: { row: { weekday: q("sunday"), opens_at: q("00:00"), closes_at: q("23:59"), businesses: "999" }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: {
      weekday: nobody(q("sunday")),
      opens_at: nobody(q("00:00")),
      closes_at: nobody(q("23:59")),
      holiday_mode: nobody(q("closed")),
      businesses: nobody("999"),
    },
  },
  // Issue #32: the state's and the town's holidays. Everyone reads them; admins write through
  // public.set_town_holiday / remove_town_holiday (tests/integration/holidays.test.ts), nobody directly.
  town_holidays: {
    where: `day = '2026-07-10'`,
    select: PUBLIC_READ,
    insert: { row: { day: q("2026-08-15"), name: q("Feriado forjado"), scope: q("municipal") }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: {
      day: nobody(q("2026-08-16")),
      name: nobody(q("Outro nome")),
      scope: nobody(q("estadual")),
      created_by: nobody(q(BRUNO)),
      created_at: nobody(FUTURE),
    },
  },
  // A business's special dates: everyone reads them, its owner adds and removes them.
  business_special_dates: {
    where: `id = ${q(SPECIAL_DATE)}`,
    select: PUBLIC_READ,
    insert: {
      row: { business_id: q(BIZ), starts_on: q("2027-02-07"), ends_on: q("2027-02-07"), open: "true", opens_at: q("09:00"), closes_at: q("13:00"), note: q("Domingo aberto") },
      ...OWNER_INSERTS,
    },
    delete: OWNER_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      business_id: nobody(q(BRUNO_BIZ)),
      starts_on: nobody(q("2027-02-01")),
      ends_on: nobody(q("2027-02-02")),
      open: nobody("true"),
      opens_at: nobody(q("08:00")),
      closes_at: nobody(q("12:00")),
      note: nobody(q("Outra")),
      created_at: nobody(FUTURE),
    },
  },
  // The duty pharmacy's rota: everyone reads it; moderators and admins write it through
  // public.add_duty_turns / remove_duty_turn (tests/integration/duty.test.ts), nobody directly —
  // not even the pharmacy's owner.
  duty_turns: {
    where: `id = ${q(DUTY_TURN)}`,
    select: PUBLIC_READ,
    insert: { row: { business_id: q(PHARMACY), starts_at: q("2027-03-01 11:00+00"), ends_at: q("2027-03-02 11:00+00") }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: {
      id: nobody(q(FORGED_ID)),
      business_id: nobody(q(BIZ)),
      starts_at: nobody(q("2027-03-01 10:00+00")),
      ends_at: nobody(q("2027-03-01 12:00+00")),
      created_at: nobody(FUTURE),
    },
  },
  // Search's index of visible listings (issue #17), kept by triggers: everyone reads it (it
  // holds nothing hidden), nobody writes it — not even a listing's owner.
  search_documents: {
    where: `kind = 'business' AND item_id = ${q(BIZ)}`,
    select: PUBLIC_READ,
    insert: { row: { kind: q("business"), item_id: q(FORGED_ID), document: q("golpe") }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: {
      kind: nobody(q("news")),
      item_id: nobody(q(FORGED_ID)),
      document: nobody(q("golpe")),
    },
  },
  category_counts: {
    where: `listing = 'businesses' AND category = 'Padarias'`,
    select: PUBLIC_READ,
    insert: { row: { listing: q("services"), category: q("Forjada"), listings: "999" }, ...NOBODY_INSERTS },
    delete: NOBODY_DELETES,
    columns: {
      listing: nobody(q("services")),
      category: nobody(q("Forjada")),
      listings: nobody("999"),
    },
  },
};

/**
 * Tables a blocked resident may still write through the database API (issue #25), and why.
 * Every other write the matrix allows its owner is refused once they are blocked.
 */
const WRITABLE_WHILE_BLOCKED: Record<string, string> = {
  profile_private: "their own phone and birth date, shown to nobody",
  notifications: "marking their own notifications read",
  push_subscriptions: "choosing which notifications reach their own phone, or removing it",
};

const PERMISSION_DENIED = /permission denied/;
const RLS_VIOLATION = /new row violates row-level security policy/;

class Rollback extends Error {}

type Attempt = { rows: Record<string, unknown>[] } | { error: Error };

/**
 * Runs `sql` as `actor` exactly as PostgREST would, then — back as the owner, in the same
 * transaction — hands the outcome to `inspect`, and rolls everything back: each cell of
 * the matrix starts from the same rows.
 */
async function probe(
  db: Database,
  actor: Actor,
  sql: string,
  inspect: (tx: Queryable, attempt: Attempt) => Promise<void>,
  /** A statement run first as the database's owner, in the same (rolled back) transaction. */
  setup?: string,
) {
  try {
    await withUser(db, CLAIMS[actor], async (tx) => {
      if (setup) {
        await tx.query(`SET LOCAL ROLE NONE`);
        await tx.query(setup);
        await tx.query(`SELECT set_config('role', $1, true)`, [CLAIMS[actor].role]);
      }
      await tx.query(`SAVEPOINT probe`);
      let attempt: Attempt;
      try {
        attempt = { rows: await tx.query(sql) };
      } catch (error) {
        await tx.query(`ROLLBACK TO SAVEPOINT probe`);
        attempt = { error: error as Error };
      }
      await tx.query(`SET LOCAL ROLE NONE`);
      await inspect(tx, attempt);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
}

/** One digest of every table's rows in `public`: "nothing changed" means it is equal. */
async function digestQuery(db: Database): Promise<string> {
  const tables = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  return `SELECT md5(concat_ws('|', ${tables
    .map(({ name }) => `(SELECT string_agg(t::text, ',' ORDER BY t::text) FROM public.${name} t)`)
    .join(", ")})) AS digest`;
}

function expectRefused(attempt: Attempt, reason: RegExp): void {
  expect("error" in attempt ? attempt.error.message : "no error: the write went through").toMatch(reason);
}

// Confirmed e-mails (issue #25): a resident without one may not report, and the matrix asks
// what a resident who may report can do through the API.
async function createUser(db: Database, id: string, username: string, fullName: string): Promise<void> {
  await db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES ($1, $2, $3, now())`, [
    id,
    `${username}@exemplo.com.br`,
    JSON.stringify({ username, full_name: fullName }),
  ]);
}

/** The town the matrix runs against, written as the owner (as the seed does). */
async function buildTown(db: Database): Promise<void> {
  await createUser(db, ALICE, "alice", "Alice Souza");
  await createUser(db, BRUNO, "bruno", "Bruno Lima");
  await createUser(db, MODE, "moderadora", "Marta Moderadora");
  await createUser(db, ADMIN, "admin", "Ada Admin");
  await createUser(db, BLOCKED, "bloqueado", "Beto Bloqueado");
  await db.exec(`
    INSERT INTO public.businesses (id, owner_id, name, category, latitude, longitude)
      VALUES ('${BIZ}', '${ALICE}', 'Padaria da Alice', 'Padarias', -21.93, -45.595);
    INSERT INTO public.opening_spans (weekday, opens_at, closes_at, businesses) VALUES ('monday', '08:00', '18:00', 1);
    INSERT INTO public.business_images (id, business_id, url, position) VALUES ('${BIZ_IMAGE}', '${BIZ}', '/media/galeria.webp', 0);
    INSERT INTO public.town_holidays (day, name, scope) VALUES ('2026-07-10', 'Aniversário da cidade', 'municipal');
    INSERT INTO public.businesses (id, owner_id, name, category) VALUES ('${PHARMACY}', '${ALICE}', 'Farmácia da Alice', 'Farmácia');
    INSERT INTO public.duty_turns (id, business_id, starts_at, ends_at) VALUES ('${DUTY_TURN}', '${PHARMACY}', '2027-02-01 11:00+00', '2027-02-02 11:00+00');
    INSERT INTO public.business_special_dates (id, business_id, starts_on, ends_on, open, note)
      VALUES ('${SPECIAL_DATE}', '${BIZ}', '2027-01-10', '2027-01-20', false, 'Férias');
    INSERT INTO public.services (id, owner_id, name, category) VALUES ('${SERVICE}', '${ALICE}', 'Reformas da Alice', 'Reformas');
    INSERT INTO public.drivers (id, owner_id, name, vehicle_kind) VALUES ('${DRIVER}', '${ALICE}', 'Alice Moto', 'moto');
    INSERT INTO public.sell_items (id, seller_id, title, price, condition, category)
      VALUES ('${ITEM}', '${ALICE}', 'Bicicleta da Alice', 300, 'usado', 'Esporte'),
             ('${BRUNO_ITEM}', '${BRUNO}', 'Geladeira do Bruno', 150, 'usado', 'Casa');
    INSERT INTO public.posts (id, author_id, content)
      VALUES ('${POST}', '${ALICE}', 'Post da Alice'), ('${PLAIN_POST}', '${ALICE}', 'Outro post da Alice'),
             ('${BRUNO_POST}', '${BRUNO}', 'Post do Bruno');
    INSERT INTO public.polls (id, post_id, question)
      VALUES ('${POLL}', '${POST}', 'Feira no sábado?'), ('${BRUNO_POLL}', '${BRUNO_POST}', 'Praça nova?');
    INSERT INTO public.poll_options (id, poll_id, label, position)
      VALUES ('${OPTION}', '${POLL}', 'Sim', 0), ('${OPTION_2}', '${POLL}', 'Não', 1),
             ('${BRUNO_OPTION}', '${BRUNO_POLL}', 'Sim', 0), ('${BRUNO_OPTION_2}', '${BRUNO_POLL}', 'Não', 1);
    INSERT INTO public.poll_votes (poll_id, user_id, option_id) VALUES ('${BRUNO_POLL}', '${ALICE}', '${BRUNO_OPTION}');
    INSERT INTO public.news (id, author_id, title, summary, content) VALUES ('${NEWS}', '${ALICE}', 'Notícia da Alice', 'Resumo', 'Texto');
    -- Written "in an hour": its 15-minute edit window stays open however long the matrix runs.
    INSERT INTO public.comments (id, post_id, author_id, body, created_at)
      VALUES ('${COMMENT}', '${BRUNO_POST}', '${ALICE}', 'Comentário da Alice', now() + interval '1 hour');
    INSERT INTO public.user_favorites (user_id, item_id, item_type) VALUES ('${ALICE}', '${BRUNO_POST}', 'post');
    INSERT INTO public.rate_limits (key, count, reset_at) VALUES ('signin-ip:192.0.2.1', 1, now() + interval '1 hour');
    INSERT INTO public.businesses (id, owner_id, name, category)
      VALUES ('${BRUNO_BIZ}', '${BRUNO}', 'Oficina do Bruno', 'Oficinas'), ('${FREE_BIZ}', NULL, 'Mercearia Sem Dono', 'Mercados');
    INSERT INTO public.reviews (id, business_id, service_id, author_id, stars, body)
      VALUES ('${REVIEW}', '${BRUNO_BIZ}', NULL, '${ALICE}', 4, 'Conserto rápido'),
             ('${BRUNO_REVIEW}', '${BIZ}', NULL, '${BRUNO}', 5, 'Pão ótimo'),
             ('${BRUNO_REVIEW_2}', NULL, '${SERVICE}', '${BRUNO}', 3, '');
    INSERT INTO public.review_replies (review_id, author_id, body) VALUES ('${BRUNO_REVIEW}', '${ALICE}', 'Obrigada!');
    INSERT INTO public.reports (id, reporter_id, item_type, item_id, reason) VALUES ('${REPORT}', '${ALICE}', 'post', '${BRUNO_POST}', 'spam');
    INSERT INTO public.listing_proposals (id, proposer_id, kind, name, category) VALUES ('${PROPOSAL}', '${ALICE}', 'service', 'Aulas da Alice', 'Aulas');
    INSERT INTO public.business_claims (id, claimant_id, business_id) VALUES ('${CLAIM}', '${ALICE}', '${BRUNO_BIZ}');
    INSERT INTO public.events (id, proposer_id, title, starts_at, ends_at, address, category) VALUES ('${EVENT}', '${ALICE}', 'Feira da Alice', '2027-02-06 10:00+00', '2027-02-06 15:00+00', 'Praça', 'Feira');
    INSERT INTO public.push_subscriptions (id, user_id, endpoint, p256dh, auth)
      VALUES ('${PUSH_DEVICE}', '${ALICE}', 'https://push.exemplo.com/alice', '${P256DH}', '${PUSH_AUTH}');
    INSERT INTO public.push_outbox (subscription_id, title, tag) VALUES ('${PUSH_DEVICE}', 'Novo comentário', 'n1');
    SELECT public.grant_role('moderadora@exemplo.com.br', 'moderator'), public.grant_role('admin@exemplo.com.br', 'admin');
    INSERT INTO public.resident_blocks (user_id, blocked_by) VALUES ('${BLOCKED}', '${MODE}');
    INSERT INTO public.moderation_log (moderator_id, action, subject_id) VALUES ('${MODE}', 'block', '${BLOCKED}');
    INSERT INTO public.resident_addresses (user_id, address_hash) VALUES ('${ALICE}', public.address_hash('192.0.2.10'));
  `);
}

const columnList = (row: Record<string, string>) => Object.keys(row).join(", ");
const valueList = (row: Record<string, string>) => Object.values(row).join(", ");
const matches = (row: Record<string, string>) =>
  Object.entries(row)
    .map(([column, value]) => `${column} IS NOT DISTINCT FROM ${value}`)
    .join(" AND ");

forEachEngine((getDb) => {
  let digest = "";
  const snapshot = async (tx: Queryable) => (await tx.query<{ digest: string }>(digest))[0]!.digest;

  beforeAll(async () => {
    await buildTown(getDb());
    digest = await digestQuery(getDb());
  });

  for (const [table, rules] of Object.entries(MATRIX)) {
    describe(table, () => {
      const refusal = rules.refusal ?? PERMISSION_DENIED;
      const count = (tx: Queryable) =>
        tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.${table} WHERE ${rules.where}`);

      /** A refused or no-op write: the expected error (or no row), and not one row changed anywhere. */
      const expectNothingChanged = async (actor: Actor, sql: string, outcome: Write, refused = refusal) => {
        const before = await snapshot(getDb());
        await probe(getDb(), actor, sql, async (tx, attempt) => {
          if (outcome === "denied") expectRefused(attempt, refused);
          else if (outcome === "rls") expectRefused(attempt, RLS_VIOLATION);
          else expect(attempt).toEqual({ rows: [{ n: 0 }] });
          expect(await snapshot(tx)).toBe(before);
        });
      };

      for (const actor of ACTORS) {
        const expected = rules.select[actor];
        it(`select as ${actor}: ${expected}`, async () => {
          await probe(getDb(), actor, `SELECT count(*)::int AS n FROM public.${table} WHERE ${rules.where}`, async (tx, attempt) => {
            if (expected === "denied") expectRefused(attempt, refusal);
            else expect(attempt).toEqual({ rows: [{ n: expected === "visible" ? 1 : 0 }] });
            // The target row exists: a hidden row is hidden, not missing.
            expect(await count(tx)).toEqual([{ n: 1 }]);
          });
        });
      }

      const insertSql = (row: Record<string, string>) =>
        `INSERT INTO public.${table} (${columnList(row)}) VALUES (${valueList(row)})`;
      for (const actor of ACTORS) {
        const expected: Write = actor === "anon" ? "denied" : rules.insert[asWriter(actor)];
        it(`insert the app's row as ${actor}: ${expected}`, async () => {
          const sql = insertSql(rules.insert.row);
          if (expected !== "allowed") return expectNothingChanged(actor, sql, expected);
          await probe(getDb(), actor, sql, async (tx, attempt) => {
            expect(attempt).toEqual({ rows: [] });
            const check = rules.insert.check ? ` AND ${rules.insert.check}` : "";
            const found = await tx.query(`SELECT 1 FROM public.${table} WHERE ${matches(rules.insert.row)}${check}`);
            expect(found).toHaveLength(1);
          });
        });
      }
      for (const [column, rule] of Object.entries(rules.columns)) {
        if (column in rules.insert.row) continue;
        it(`insert naming ${column} as owner: denied`, async () => {
          await expectNothingChanged("owner", insertSql({ ...rules.insert.row, [column]: rule.value }), "denied", rule.generated ? GENERATED_REFUSAL : refusal);
        });
      }

      for (const [column, rule] of Object.entries(rules.columns)) {
        for (const actor of ACTORS) {
          const expected: Write =
            rule.update === "nobody" || actor === "anon" ? "denied" : asWriter(actor) === "owner" ? "allowed" : "hidden";
          const sql = `WITH changed AS (UPDATE public.${table} SET ${column} = ${rule.value} WHERE ${rules.where} RETURNING 1)
                       SELECT count(*)::int AS n FROM changed`;
          it(`update ${column} as ${actor}: ${expected}`, async () => {
            if (expected !== "allowed") return expectNothingChanged(actor, sql, expected, rule.generated ? GENERATED_REFUSAL : refusal);
            await probe(getDb(), actor, sql, async (tx, attempt) => {
              expect(attempt).toEqual({ rows: [{ n: 1 }] });
              const [row] = await tx.query<{ ok: boolean }>(
                `SELECT ${column} IS NOT DISTINCT FROM ${rule.stored ?? rule.value}${rule.check ? ` AND ${rule.check}` : ""} AS ok
                 FROM public.${table} WHERE ${rules.where}`,
              );
              expect(row).toEqual({ ok: true });
            });
          });
        }
      }

      for (const actor of ACTORS) {
        const expected: Write = actor === "anon" ? "denied" : rules.delete[asWriter(actor)];
        const sql = `WITH gone AS (DELETE FROM public.${table} WHERE ${rules.where} RETURNING 1) SELECT count(*)::int AS n FROM gone`;
        it(`delete as ${actor}: ${expected}`, async () => {
          if (expected !== "allowed") return expectNothingChanged(actor, sql, expected);
          await probe(getDb(), actor, sql, async (tx, attempt) => {
            expect(attempt).toEqual({ rows: [{ n: 1 }] });
            expect(await count(tx)).toEqual([{ n: 0 }]);
          });
        });
      }
    });
  }

  // Issue #25: a blocked resident publishes nothing, whichever table they write. Every write
  // the matrix lets the owner make is tried again with the owner blocked (in the same rolled
  // back transaction): refused, unless the table is in WRITABLE_WHILE_BLOCKED with its reason.
  // A table taken off the blocked-author policy lets its write through here.
  describe("the same writes by the owner once blocked", () => {
    const block = `INSERT INTO public.resident_blocks (user_id, blocked_by) VALUES (${q(ALICE)}, ${q(MODE)})`;
    for (const [table, rules] of Object.entries(MATRIX)) {
      const writes: [string, string][] = [];
      if (rules.insert.owner === "allowed") {
        writes.push(["insert the app's row", `INSERT INTO public.${table} (${columnList(rules.insert.row)}) VALUES (${valueList(rules.insert.row)})`]);
      }
      for (const [column, rule] of Object.entries(rules.columns)) {
        if (rule.update !== "owner") continue;
        writes.push([
          `update ${column}`,
          `WITH changed AS (UPDATE public.${table} SET ${column} = ${rule.value} WHERE ${rules.where} RETURNING 1) SELECT count(*)::int AS n FROM changed`,
        ]);
      }
      const reason = WRITABLE_WHILE_BLOCKED[table];
      for (const [what, sql] of writes) {
        it(`${table}: ${what}: ${reason ? `allowed (${reason})` : "refused"}`, async () => {
          const before = await snapshot(getDb());
          await probe(
            getDb(),
            "owner",
            sql,
            async (tx, attempt) => {
              if (reason) {
                expect("error" in attempt ? attempt.error.message : "written").toBe("written");
                return;
              }
              // Refused by the restrictive policy (an error), or matching no row: nothing changed but the block.
              if (what.startsWith("insert") || "error" in attempt) expectRefused(attempt, RLS_VIOLATION);
              else expect(attempt.rows).toEqual([{ n: 0 }]);
              await tx.query(`DELETE FROM public.resident_blocks WHERE user_id = $1`, [ALICE]);
              expect(await snapshot(tx)).toBe(before);
            },
            block,
          );
        });
      }
    }

    it("leaves nothing writable that is neither refused nor listed with its reason", () => {
      const writable = Object.entries(MATRIX)
        .filter(([, rules]) => rules.insert.owner === "allowed" || Object.values(rules.columns).some((c) => c.update === "owner"))
        .map(([table]) => table);
      for (const table of Object.keys(WRITABLE_WHILE_BLOCKED)) expect(writable).toContain(table);
      // What a blocked resident can still write through the API, all of it private to them.
      expect(Object.keys(WRITABLE_WHILE_BLOCKED).sort()).toEqual(["notifications", "profile_private", "push_subscriptions"]);
    });
  });

  // Issue #25: a hidden post's poll (question, options, counts) was readable by anyone
  // through the database API. Alice's post hidden, in a rolled back transaction.
  describe("a hidden post's poll", () => {
    const hide = `UPDATE public.posts SET moderation_state = 'hidden' WHERE id = ${q(POST)}`;
    const reads: [string, string][] = [
      ["polls", `SELECT question AS seen FROM public.polls WHERE id = ${q(POLL)}`],
      ["poll_options", `SELECT label AS seen FROM public.poll_options WHERE poll_id = ${q(POLL)}`],
      ["poll_option_results", `SELECT label AS seen FROM public.poll_option_results WHERE poll_id = ${q(POLL)}`],
    ];
    const readers: [Actor, boolean][] = [["anon", false], ["other", false], ["owner", true], ["moderator", true]];
    for (const [relation, sql] of reads) {
      for (const [actor, sees] of readers) {
        it(`${relation} as ${actor}: ${sees ? "visible" : "hidden"}`, async () => {
          await probe(
            getDb(),
            actor,
            sql,
            async (_tx, attempt) => {
              expect("rows" in attempt ? attempt.rows.length > 0 : attempt.error.message).toBe(sees);
            },
            hide,
          );
        });
      }
    }
  });

  // Issue #30: a hidden comment is read by its author and moderators only, through the API too.
  describe("a hidden comment", () => {
    const hide = `UPDATE public.comments SET moderation_state = 'hidden' WHERE id = ${q(COMMENT)}`;
    const readers: [Actor, boolean][] = [["anon", false], ["other", false], ["owner", true], ["moderator", true], ["admin", true]];
    for (const [actor, sees] of readers) {
      it(`comments as ${actor}: ${sees ? "visible" : "hidden"}`, async () => {
        await probe(
          getDb(),
          actor,
          `SELECT body FROM public.comments WHERE id = ${q(COMMENT)}`,
          async (_tx, attempt) => {
            expect("rows" in attempt ? attempt.rows.length > 0 : attempt.error.message).toBe(sees);
          },
          hide,
        );
      });
    }
  });

  // Issue #30: a hidden review (and its answer) is read by its author and moderators only.
  describe("a hidden review", () => {
    const hide = `UPDATE public.reviews SET moderation_state = 'hidden' WHERE id = ${q(REVIEW)}`;
    const readers: [Actor, boolean][] = [["anon", false], ["other", false], ["owner", true], ["moderator", true], ["admin", true]];
    for (const [actor, sees] of readers) {
      it(`reviews as ${actor}: ${sees ? "visible" : "hidden"}`, async () => {
        await probe(
          getDb(),
          actor,
          `SELECT stars FROM public.reviews WHERE id = ${q(REVIEW)}`,
          async (_tx, attempt) => {
            expect("rows" in attempt ? attempt.rows.length > 0 : attempt.error.message).toBe(sees);
          },
          hide,
        );
      });
    }
  });

  it("covers every table and column of public, each table under row level security", async () => {
    const relations = await getDb().query<{ table: string; column: string; kind: string; rls: boolean }>(
      `SELECT c.relname AS table, a.attname AS column, c.relkind::text AS kind, c.relrowsecurity AS rls
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
       ORDER BY 1, 2`,
    );
    const inDatabase = relations.map((r) => `${r.table}.${r.column}`);
    const inMatrix = Object.entries(MATRIX).flatMap(([table, rules]) => Object.keys(rules.columns).map((c) => `${table}.${c}`));
    expect(inMatrix.sort()).toEqual(inDatabase.sort());
    const unprotected = relations.filter((r) => r.kind !== "v" && !r.rls).map((r) => r.table);
    expect([...new Set(unprotected)]).toEqual([]);
  });

  describe("the attacks of issue #13", () => {
    const owner = <T>(text: string, params?: unknown[]) => getDb().query<T>(text, params);

    it("a resident cannot insert a business through the database API", async () => {
      const before = await owner(`SELECT count(*)::int AS n FROM public.businesses`);
      await expect(
        withUser(getDb(), CLAIMS.other, (tx) =>
          tx.query(`INSERT INTO public.businesses (owner_id, name, category) VALUES ($1, 'Negócio do Bruno', 'Padarias')`, [BRUNO]),
        ),
      ).rejects.toThrow(PERMISSION_DENIED);
      expect(await owner(`SELECT count(*)::int AS n FROM public.businesses`)).toEqual(before);
    });

    it("a resident cannot pin an ad on top of the list with created_at in 2999", async () => {
      await expect(
        withUser(getDb(), CLAIMS.other, (tx) =>
          tx.query(
            `INSERT INTO public.sell_items (seller_id, title, price, condition, category, created_at)
             VALUES ($1, 'Fixado no topo', 1, 'novo', 'Casa', '2999-01-01')`,
            [BRUNO],
          ),
        ),
      ).rejects.toThrow(PERMISSION_DENIED);
      await expect(
        withUser(getDb(), CLAIMS.other, (tx) =>
          tx.query(`UPDATE public.sell_items SET created_at = '2999-01-01' WHERE id = $1`, [BRUNO_ITEM]),
        ),
      ).rejects.toThrow(PERMISSION_DENIED);
      const { items } = await withUser(getDb(), ANON, (tx) => listSellItems(tx, { page: 1 }));
      expect(items.map((i) => i.title)).not.toContain("Fixado no topo");
      expect(await owner(`SELECT count(*)::int AS n FROM public.sell_items WHERE created_at > now() + interval '1 day'`)).toEqual([
        { n: 0 },
      ]);
    });

    it("a favorite's forged title never reaches the item owner's notifications", async () => {
      const warning = "AVISO: sua conta será suspensa. Confirme seus dados em golpe.example";
      await expect(
        withUser(getDb(), CLAIMS.other, (tx) =>
          tx.query(`INSERT INTO public.user_favorites (user_id, item_id, item_type, title) VALUES ($1, $2, 'sell_item', $3)`, [
            BRUNO,
            ITEM,
            warning,
          ]),
        ),
      ).rejects.toThrow(PERMISSION_DENIED);
      expect(await owner(`SELECT 1 FROM public.notifications WHERE body LIKE 'AVISO%' OR title LIKE 'AVISO%'`)).toEqual([]);
      // The way the app adds a favorite still notifies Alice, with her own ad's title.
      expect(await withUser(getDb(), CLAIMS.other, (tx) => addFavorite(tx, BRUNO, "sell_item", ITEM))).toBe("added");
      expect(
        await owner(`SELECT title, body FROM public.notifications WHERE user_id = $1 AND kind = 'favorite'`, [ALICE]),
      ).toEqual([{ title: "Bruno Lima favoritou sua publicação", body: "Bicicleta da Alice" }]);
      expect(await owner(`SELECT title FROM public.user_favorites WHERE user_id = $1 AND item_id = $2`, [BRUNO, ITEM])).toEqual([
        { title: "Bicicleta da Alice" },
      ]);
    });
  });
});
