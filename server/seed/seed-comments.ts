import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/types";

/**
 * The demo town's comments (issue #30): what residents of Vila Serena answer under the
 * posts and news of server/seed/seed-data.ts, found by the start of the post's text or the
 * article's title (the town's posts are shuffled by its seed). Each entry: the commenter's
 * username, the text, and the replies under it.
 */
type Thread = readonly [author: string, body: string, replies?: readonly (readonly [author: string, body: string])[]];
type Threads = Record<string, readonly Thread[]>;

const ON_POSTS: Threads = {
  "Alguém sabe se a feira de sábado": [
    ["antonio_batista", "Vai ter sim! A gente monta a lona cedinho. O queijo meia-cura está no ponto 😉", [
      ["ana_souza", "Oba! Guarda um pra mim, Seu Antônio?"],
      ["antonio_batista", "Guardo sim, professora. Passa até as 9h."],
    ]],
    ["cida_ribeiro", "Com chuva ou sem chuva eu vou, que o pastel de lá não tem igual."],
  ],
  "Achei um cachorrinho caramelo": [
    ["larissa_duarte", "Se ninguém aparecer até amanhã, traz ele na clínica que eu vejo se tem microchip, sem custo."],
    ["fe_carvalho", "Compartilhei no grupo da escola das crianças. Tomara que o dono apareça!", [
      ["isa_freitas", "Postei no Instagram da associação também."],
    ]],
    ["gabriel_teixeira", "Parece o Pipoca da rua de baixo… vou perguntar lá."],
  ],
  "Faltou água aqui no Alto da Boa Vista": [
    ["ditinho_silva", "Aqui também, desde umas 7h. Liguei e falaram que volta no fim da tarde."],
    ["raimundo_vieira", "Voltou agora há pouco aqui na Rua das Acácias, mas ainda fraca."],
    ["camila_nogueira", "Quem tiver caixa d'água pequena, dá para encher uns baldes na bica da praça."],
  ],
  "Recomendo demais o pão de queijo": [
    ["bia_moreira", "Concordo! Mas o da Panificadora Central às 7h também é imbatível, hein 😄", [
      ["joao_almeida", "Vai começar a polêmica de novo… 😂"],
    ]],
    ["thiago_cardoso", "Depois do treino é sagrado. Só não conta pros meus alunos."],
  ],
  "Alguém indica um bom eletricista": [
    ["zecarlos_ferreira", "O Adilson da Vila Nova é de confiança, resolveu o quadro lá de casa. Te passo o contato no privado."],
    ["eduardo_pinto", "Três vezes no mês pode ser a fiação subdimensionada. Vale pedir pra ele conferir a bitola do fio."],
  ],
  "Hoje completo 50 anos morando": [
    ["chico_lima", "Que bonito, Seu Raimundo! Tenho umas fotos do Cruzeiro dos anos 80, depois te mostro."],
    ["helena_martins", "A biblioteca adoraria registrar suas histórias para o acervo de memória da cidade."],
    ["ana_souza", "Parabéns! Meus alunos iam amar uma conversa com o senhor."],
  ],
  "Perdi uma carteira marrom": [
    ["marcos_rocha", "Vou ficar de olho no ponto da rodoviária, passo lá várias vezes por dia."],
    ["henrique_castro", "Pergunta no balcão do Serrano, às vezes entregam lá no caixa."],
  ],
  "Começou a temporada de pamonha": [
    ["rosangela_dias", "Quero quatro doces e duas salgadas pra sábado!"],
    ["vini_moura", "A de queijo é a melhor da cidade, pode confiar."],
  ],
  "O ipê-amarelo da praça floriu": [
    ["chico_lima", "Passei cedo com a câmera, a luz estava perfeita."],
    ["dona_conceicao", "Todo ano eu espero por esse ipê. Obrigada por avisar!"],
  ],
  "Estou organizando um grupo de caminhada": [
    ["ju_pereira", "Topo! Posso levar umas dicas de alongamento pro pessoal."],
    ["cida_ribeiro", "Se o ritmo for leve mesmo, eu vou. Meus joelhos agradecem 😅", [
      ["thiago_cardoso", "Bem leve, Dona Cida. A gente espera todo mundo."],
    ]],
  ],
  "Cuidado: tem gente passando de casa em casa": [
    ["patricia_mendes", "Passaram aqui na Vila Nova também ontem. Não abri o portão."],
    ["joao_almeida", "A companhia confirmou que não está fazendo visitas sem agendamento. Liguem no 0800 antes de abrir."],
  ],
  "Minha gata Mel sumiu": [
    ["larissa_duarte", "Gatos costumam se esconder perto de casa. Tenta chamar à noite, quando está tudo quieto."],
    ["mari_campos", "Vi uma gatinha branca com manchas no muro da padaria hoje cedo!", [
      ["leticia_barbosa", "Corre lá! Tomara que seja ela."],
    ]],
  ],
  "Alguém vai para Pouso Alegre amanhã": [
    ["marcos_rocha", "Vou às 6h, tenho uma vaga. Me chama no WhatsApp."],
  ],
  "Bom dia, Vila Serena! Frio de 8 graus": [
    ["antonio_batista", "Aqui na roça deu geada! Café e broa aqui também."],
    ["tiao_rodrigues", "À noite tem caldo de feijão no bar pra esquentar."],
  ],
};

const ON_NEWS: Threads = {
  "Feira do produtor rural ganha espaço coberto": [
    ["antonio_batista", "Finalmente! Nós feirantes pedimos isso há anos. Quarta à tarde vai ser ótimo."],
    ["cida_ribeiro", "Agora não tem desculpa de chuva pra não ir.", [
      ["antonio_batista", "Isso mesmo, Dona Cida!"],
    ]],
  ],
};

type Item = { id: string; text: string; createdAt: string };

/**
 * Writes the threads of the items that exist in this town (`uid` turns a username into its
 * resident's id), spread over the hours after each item was published and never later than
 * `now`. One statement per table and level: the triggers count them, and notify the items'
 * authors grouped as they would be for real.
 */
export async function insertDemoComments(
  tx: Queryable,
  town: { posts: Item[]; news: Item[]; uid: (key: string) => string | null; now: Date },
): Promise<void> {
  type Row = { id: string; post_id: string | null; news_id: string | null; parent_id: string | null; author_id: string; body: string; created_at: string };
  const tops: Row[] = [];
  const replies: Row[] = [];
  const place = (kind: "post" | "news", items: Item[], threads: Threads) => {
    for (const [start, list] of Object.entries(threads)) {
      const item = items.find((i) => i.text.startsWith(start));
      if (!item) continue;
      const at = (step: number) => new Date(Math.min(new Date(item.createdAt).getTime() + step * 23 * 60_000, town.now.getTime() - 60_000)).toISOString();
      let step = 1;
      for (const [author, body, answers = []] of list) {
        const authorId = town.uid(author);
        if (!authorId) continue;
        const top: Row = { id: randomUUID(), post_id: kind === "post" ? item.id : null, news_id: kind === "news" ? item.id : null, parent_id: null, author_id: authorId, body, created_at: at(step++) };
        tops.push(top);
        for (const [replier, text] of answers) {
          const replierId = town.uid(replier);
          if (replierId) replies.push({ ...top, id: randomUUID(), parent_id: top.id, author_id: replierId, body: text, created_at: at(step++) });
        }
      }
    }
  };
  place("post", town.posts, ON_POSTS);
  place("news", town.news, ON_NEWS);
  for (const rows of [tops, replies]) {
    if (rows.length === 0) continue;
    await tx.query(
      `INSERT INTO public.comments (id, post_id, news_id, parent_id, author_id, body, created_at)
       SELECT id, post_id, news_id, parent_id, author_id, body, created_at
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, post_id uuid, news_id uuid, parent_id uuid, author_id uuid, body text, created_at timestamptz)
       ORDER BY created_at`,
      [JSON.stringify(rows)],
    );
  }
  // Days-old comments were read long ago: the demo residents' bells start quiet.
  await tx.query(`UPDATE public.notifications SET read_at = now() WHERE kind = 'comment' AND read_at IS NULL`);
}
