import type { Queryable } from "../db/types";

/**
 * The demo town's reviews (issue #30): what residents of Vila Serena say of its businesses,
 * services and drivers (found by name), and some owners' answers. A resident who owns a
 * business or a service reviews nobody here (the database refuses an owner's review of their
 * own listing; the rest keeps the demo owners' pages free for the tests to review).
 */
type Said = readonly [author: string, stars: number, body: string, answer?: string];
type Reviews = Record<string, readonly Said[]>;

const BUSINESSES: Reviews = {
  "Padaria Pão Dourado": [
    ["cida_ribeiro", 5, "Pão francês sempre quentinho às 6h. O atendimento da manhã é um amor.", "Obrigado, Dona Cida! Esperamos a senhora amanhã cedinho."],
    ["thiago_cardoso", 4, "Pão de queijo excelente, mas a fila no sábado é grande."],
    ["bia_moreira", 5, ""],
  ],
  "Panificadora São João": [
    ["joao_almeida", 5, "A rosca de coco é patrimônio da cidade. Encomendei salgados para o aniversário e chegou tudo no horário."],
    ["bia_moreira", 4, "Pão de milho de sexta vale a espera."],
    ["vini_moura", 3, "Bom, mas às vezes falta troco no caixa."],
  ],
  "Supermercado Serrano": [
    ["henrique_castro", 4, "Tem de tudo e a entrega chegou rápido. Só o estacionamento que é apertado."],
    ["rosangela_dias", 2, "O hortifrúti estava murcho na terça. No fim de semana é melhor.", "Sentimos muito, Rosângela. Trocamos o fornecedor de verduras da semana."],
    ["patricia_mendes", 4, "Açougue muito bom, o pessoal corta do jeito que a gente pede."],
    ["ditinho_silva", 5, ""],
  ],
  "Restaurante Sabor de Minas": [
    ["chico_lima", 5, "Tutu com torresmo igual ao da minha avó. Fogão a lenha de verdade."],
    ["helena_martins", 4, "Comida ótima, ambiente simples e acolhedor. No domingo chegue antes do meio-dia."],
  ],
  "Cantina da Nonna Lúcia": [
    ["mari_campos", 5, "O nhoque de sexta é maravilhoso e a porção serve dois.", "Grazie, Mari! O nhoque da sorte do dia 29 também está chegando."],
    ["gabriel_teixeira", 4, "Massa fresca de verdade. Demorou um pouco para chegar à mesa."],
  ],
  "Pizzaria Forno de Pedra": [
    ["leticia_barbosa", 5, "Melhor pizza da região, massa leve. A de abobrinha com gorgonzola é imperdível."],
    ["fe_carvalho", 3, "Pizza boa, mas o delivery atrasou quase uma hora no sábado."],
  ],
  "Delícias da Vovó Rosa": [
    ["ana_souza", 5, "Biscoito de nata que derrete na boca. Levei para a reunião de pais e fez sucesso."],
  ],
};

const SERVICES: Reviews = {
  "Carlos Eletricista": [
    ["zecarlos_ferreira", 5, "Trocou o padrão de entrada em uma manhã e deixou tudo limpo. Preço justo."],
    ["camila_nogueira", 4, "Resolveu o chuveiro que desarmava. Chegou meia hora atrasado, mas avisou."],
  ],
  "Diarista Dona Cida": [
    ["larissa_duarte", 5, "Capricho em cada canto. Minha casa nunca ficou tão limpa."],
  ],
};

const DRIVERS: Reviews = {
  "Dudu Mototáxi": [
    ["marcos_rocha", 5, "Sempre no horário para me levar à rodoviária às 5h40. Capacete limpinho."],
    ["ju_pereira", 4, "Educado e cuidadoso na direção."],
  ],
  "Kelly Mototáxi": [
    ["isa_freitas", 5, "Me sinto segura voltando da faculdade à noite. Recomendo para todas as mulheres da cidade."],
    ["dona_conceicao", 5, ""],
  ],
};

/**
 * Writes the reviews of the listings that exist in this town (`uid` turns a username into its
 * resident's id) over the last weeks, never later than `now`, and their owners' answers. One
 * statement per table: the triggers keep each listing's rating and notify its owner.
 */
export async function insertDemoReviews(tx: Queryable, town: { uid: (key: string) => string | null; now: Date }): Promise<void> {
  type Row = { kind: string; name: string; author_id: string; stars: number; body: string; answer: string | null; created_at: string };
  const rows: Row[] = [];
  let step = 0;
  for (const [kind, reviews] of [["business", BUSINESSES], ["service", SERVICES], ["driver", DRIVERS]] as const) {
    for (const [name, list] of Object.entries(reviews)) {
      for (const [author, stars, body, answer] of list) {
        const authorId = town.uid(author);
        // Spread over the last four weeks, a few hours apart.
        const at = new Date(town.now.getTime() - (28 * 24 - 7 * step++) * 3_600_000).toISOString();
        if (authorId) rows.push({ kind, name, author_id: authorId, stars, body, answer: answer ?? null, created_at: at });
      }
    }
  }
  if (rows.length === 0) return;
  await tx.query(
    `WITH said AS (SELECT * FROM jsonb_to_recordset($1::jsonb)
                     AS r(kind text, name text, author_id uuid, stars int, body text, answer text, created_at timestamptz)),
     listing AS (
       SELECT 'business' AS kind, id, name, owner_id FROM public.businesses
       UNION ALL SELECT 'service', id, name, owner_id FROM public.services
       UNION ALL SELECT 'driver', id, name, owner_id FROM public.drivers),
     written AS (
       INSERT INTO public.reviews (business_id, service_id, driver_id, author_id, stars, body, created_at, updated_at)
       SELECT CASE WHEN l.kind = 'business' THEN l.id END, CASE WHEN l.kind = 'service' THEN l.id END,
              CASE WHEN l.kind = 'driver' THEN l.id END, s.author_id, s.stars, s.body, s.created_at, s.created_at
       FROM said s JOIN listing l ON l.kind = s.kind AND l.name = s.name
       WHERE l.owner_id IS DISTINCT FROM s.author_id
         AND NOT EXISTS (SELECT 1 FROM public.businesses b WHERE b.owner_id = s.author_id)
         AND NOT EXISTS (SELECT 1 FROM public.services v WHERE v.owner_id = s.author_id)
       ORDER BY s.created_at
       ON CONFLICT ON CONSTRAINT reviews_one_per_resident DO NOTHING
       RETURNING id, listing_id, author_id, created_at)
     INSERT INTO public.review_replies (review_id, author_id, body, created_at)
     SELECT w.id, l.owner_id, s.answer, w.created_at + interval '5 hours'
     FROM written w JOIN listing l ON l.id = w.listing_id JOIN said s ON s.author_id = w.author_id AND s.name = l.name AND s.kind = l.kind
     WHERE s.answer IS NOT NULL AND l.owner_id IS NOT NULL`,
    [JSON.stringify(rows)],
  );
  // Weeks-old reviews were read long ago: the demo owners' bells start quiet.
  await tx.query(`UPDATE public.notifications SET read_at = now() WHERE kind = 'review' AND read_at IS NULL`);
}
