/**
 * Issue #32: the demo town's agenda around `today` ("YYYY-MM-DD" on the town's clock): today's
 * vaccination day, the coming weekend's feira, quermesse and viola night, December's cantata and
 * São Silvestre, a feira already over (it keeps its page), and one proposal still waiting for
 * the moderation. Times are the town's wall clock, as the proposal form takes them.
 */
export type SeedEvent = {
  title: string;
  description: string;
  start: string;
  end: string;
  /** A listed business's exact name, or null (the address says where). */
  business: string | null;
  address: string;
  category: "Festa" | "Feira" | "Religião" | "Cultura" | "Esporte" | "Saúde" | "Comunidade";
  priceCents: number | null;
  proposer: string;
  approved: boolean;
};

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function demoAgenda(today: string): SeedEvent[] {
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  // The weekend the agenda calls "Este fim de semana": the current one on a Saturday or a Sunday.
  const saturday = weekday === 0 ? addDays(today, -1) : addDays(today, 6 - weekday);
  const sunday = addDays(saturday, 1);
  const friday = addDays(saturday, -1);
  // December's events are this year's (past ones keep their pages).
  const december = today.slice(0, 4);
  return [
    {
      title: "Dia D de vacinação contra a gripe",
      description: "Vacina para idosos, gestantes, crianças de 6 meses a 5 anos e profissionais de saúde. Leve o cartão de vacina e um documento com foto.",
      start: `${today} 08:00`, end: `${today} 17:00`, business: null, address: "UBS Centro, Rua Coronel Pedro Alves, 120",
      category: "Saúde", priceCents: null, proposer: "luiza_fernandes", approved: true,
    },
    {
      title: "Show de moda de viola",
      description: "Dupla Tião & Tonico no palco, torresmo de rolo e cerveja gelada.",
      start: `${friday} 21:00`, end: `${saturday} 01:00`, business: "Bar do Zé da Viola", address: "",
      category: "Cultura", priceCents: 1500, proposer: "zecarlos_ferreira", approved: true,
    },
    {
      title: "Feira do Produtor Rural",
      description: "Queijo, café, verduras, doces caseiros e pão de queijo direto de quem produz.",
      start: `${saturday} 07:00`, end: `${saturday} 12:00`, business: null, address: "Praça da Matriz",
      category: "Feira", priceCents: null, proposer: "antonio_batista", approved: true,
    },
    {
      title: "Quermesse de Santa Cecília",
      description: "Barraquinhas de quentão, pastel e canjica, bingo e leilão de prendas em prol da reforma da capela.",
      start: `${sunday} 17:00`, end: `${sunday} 22:00`, business: null, address: "Pátio da Igreja Matriz de São José",
      category: "Religião", priceCents: null, proposer: "cida_ribeiro", approved: true,
    },
    {
      title: "Feira do Produtor Rural (semana passada)",
      description: "A feira do sábado passado.",
      start: `${addDays(saturday, -7)} 07:00`, end: `${addDays(saturday, -7)} 12:00`, business: null, address: "Praça da Matriz",
      category: "Feira", priceCents: null, proposer: "antonio_batista", approved: true,
    },
    {
      title: "Cantata de Natal",
      description: "O coral da paróquia e as crianças da Escola Estadual cantam na escadaria da Matriz.",
      start: `${december}-12-20 19:30`, end: `${december}-12-20 21:00`, business: null, address: "Escadaria da Igreja Matriz de São José",
      category: "Religião", priceCents: null, proposer: "ana_souza", approved: true,
    },
    {
      title: "Corrida de São Silvestre de Vila Serena",
      description: "5 km pelas ruas do Centro. Inscrição com camiseta e medalha; a renda vai para o asilo São Vicente.",
      start: `${december}-12-31 08:00`, end: `${december}-12-31 11:00`, business: null, address: "Largada na Praça da Matriz",
      category: "Esporte", priceCents: 3000, proposer: "lucas_araujo", approved: true,
    },
    {
      title: "Bazar beneficente da APAE",
      description: "Roupas, brinquedos e livros doados, a preço de bazar.",
      start: `${addDays(saturday, 7)} 09:00`, end: `${addDays(saturday, 7)} 16:00`, business: null, address: "Salão paroquial, Rua São José, 45",
      category: "Comunidade", priceCents: null, proposer: "bia_moreira", approved: false,
    },
  ];
}
