// Demo content for the fictional town of Vila Serena (MG).
//
// This module is deliberately pure: no imports, no I/O, no clock, no Math.random.
// The seed runner turns its output into rows, and tests can rely on the same seed
// always producing byte-identical data. All randomness flows through one PRNG that
// is created inside buildDemoTown, so two calls never share state.

export type DayHours = { open: boolean; opensAt?: string; closesAt?: string };
export type OpeningHours = Record<
  'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday',
  DayHours
>;

export interface SeedUser {
  key: string;
  fullName: string;
  username: string;
  email: string;
  bio: string;
  phone: string;
  birthDate: string;
  avatarColor: string;
}

export interface SeedBusiness {
  name: string;
  category: string;
  description: string;
  address: string;
  neighbourhood: string;
  phone: string;
  whatsapp: string;
  instagram: string | null;
  website: string | null;
  openingHours: OpeningHours | null;
  ownerKey: string | null;
  color: string;
  galleryCount: number;
  /** What it does on holidays (issue #32): closed, its usual hours, or holiday hours. */
  holidayMode: 'closed' | 'normal' | 'special';
  holidayOpensAt: string | null;
  holidayClosesAt: string | null;
}

export interface SeedService {
  name: string;
  category: string;
  description: string;
  neighbourhood: string;
  phone: string;
  whatsapp: string;
  priceInfo: string;
  ownerKey: string | null;
  color: string;
}

export interface SeedDriver {
  name: string;
  vehicleKind: 'moto' | 'carro' | 'van' | 'frete';
  vehicleDescription: string;
  areas: string[];
  phone: string;
  whatsapp: string;
  workingHours: OpeningHours;
  bio: string;
  color: string;
}

export interface SeedSellItem {
  sellerKey: string;
  title: string;
  description: string;
  price: number;
  condition: 'novo' | 'seminovo' | 'usado';
  category: string;
  location: string;
  sold: boolean;
  daysAgo: number;
  photoCount: number;
  color: string;
}

export interface SeedPost {
  authorKey: string;
  content: string;
  daysAgo: number;
  hasImage: boolean;
  poll: null | { question: string; options: string[] };
  color: string;
}

export interface SeedNews {
  authorKey: string;
  title: string;
  summary: string;
  content: string;
  daysAgo: number;
  color: string;
}

// ---------------------------------------------------------------- randomness

/** mulberry32: tiny, fast and good enough for demo data; not for anything secret. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;

// The project compiles with noUncheckedIndexedAccess; failing loudly here is better
// than letting an `undefined` slip into seeded rows.
function at<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new Error(`seed-data: index ${index} out of range (${list.length})`);
  return value;
}

function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function pick<T>(rng: Rng, list: readonly T[]): T {
  return at(list, Math.floor(rng() * list.length));
}

function shuffle<T>(rng: Rng, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const tmp = at(copy, i);
    copy[i] = at(copy, j);
    copy[j] = tmp;
  }
  return copy;
}

function sample<T>(rng: Rng, list: readonly T[], count: number): T[] {
  return shuffle(rng, list).slice(0, count);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Accent-free lowercase alphanumerics, for handles and URLs. */
function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

// ---------------------------------------------------------------- town

// Southern Minas Gerais uses area code 35, so every phone shares it.
const AREA_CODE = '35';

export const TOWN: { name: string; state: string; neighbourhoods: string[] } = {
  name: 'Vila Serena',
  state: 'MG',
  neighbourhoods: [
    'Centro',
    'Jardim das Flores',
    'Vila Nova',
    'São Benedito',
    'Alto da Boa Vista',
    'Bela Vista',
    'Santa Cruz',
    'Nossa Senhora Aparecida',
    'Várzea',
    'Recanto dos Ipês',
    'Morro do Cruzeiro',
    'Vale do Sol',
  ],
};

const STREETS = [
  'Rua Tiradentes',
  'Rua Sete de Setembro',
  'Avenida Getúlio Vargas',
  'Rua Coronel Joaquim Ribeiro',
  'Rua Dom Pedro II',
  'Rua Santos Dumont',
  'Rua Padre Anchieta',
  'Avenida Minas Gerais',
  'Rua das Acácias',
  'Rua dos Ipês',
  'Rua Quinze de Novembro',
  'Rua São Sebastião',
  'Rua Marechal Deodoro',
  'Travessa da Matriz',
  'Rua Olegário Maciel',
  'Rua da Cachoeira',
  'Rua Barão do Rio Branco',
  'Rua Benedito Valadares',
  'Praça da Matriz',
  'Rua João Pinheiro',
] as const;

// Soft, mid-saturation tones: white text stays readable on top of them in the
// generated placeholder images.
const PALETTE = [
  '#E07A5F',
  '#3D405B',
  '#81B29A',
  '#F2CC8F',
  '#6D597A',
  '#B56576',
  '#E56B6F',
  '#EAAC8B',
  '#355070',
  '#2A9D8F',
  '#E9C46A',
  '#F4A261',
  '#264653',
  '#8AB17D',
  '#5E60CE',
  '#4EA8DE',
  '#48BFE3',
  '#9C6644',
  '#C9ADA7',
  '#7F5539',
  '#588157',
  '#A3B18A',
  '#BC6C25',
  '#DDA15E',
  '#6A4C93',
  '#1982C4',
  '#8AC926',
  '#FF924C',
] as const;

// ---------------------------------------------------------------- hours

type DayKey = keyof OpeningHours;
type Span = readonly [string, string] | null;

const DAY_KEYS: readonly DayKey[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

function day(span: Span): DayHours {
  return span ? { open: true, opensAt: span[0], closesAt: span[1] } : { open: false };
}

/** Most schedules are "weekdays / Saturday / Sunday", with a weekly day off for some trades. */
function week(weekdays: Span, saturday: Span, sunday: Span, closed: readonly DayKey[] = []): OpeningHours {
  const hours = {} as OpeningHours;
  for (const key of DAY_KEYS) {
    const span = key === 'saturday' ? saturday : key === 'sunday' ? sunday : weekdays;
    hours[key] = closed.includes(key) ? { open: false } : day(span);
  }
  return hours;
}

/**
 * Hours past midnight (issue #32): the same week, with the given nights closing at the next
 * day's hour instead (18:00–02:00 closes on the next calendar day).
 */
function lateNights(hours: OpeningHours, closesAt: Partial<Record<DayKey, string>>): OpeningHours {
  const late = { ...hours };
  for (const [key, time] of Object.entries(closesAt) as [DayKey, string][]) late[key] = { ...late[key]!, closesAt: time };
  return late;
}

// Open round the clock is 00:00–23:59 (equal times are refused as making no sense).
const ROUND_THE_CLOCK: Span = ['00:00', '23:59'];

const HOURS_BY_CATEGORY: Record<string, readonly (() => OpeningHours)[]> = {
  Padaria: [
    () => week(['05:30', '19:30'], ['05:30', '19:30'], ['06:00', '12:00']),
    () => week(['06:00', '20:00'], ['06:00', '18:00'], null),
    () => week(['06:00', '19:00'], ['06:00', '19:00'], ['06:30', '13:00']),
  ],
  Restaurante: [
    () => week(['11:00', '15:00'], ['11:00', '15:30'], ['11:00', '16:00'], ['monday']),
    () => week(['11:00', '22:30'], ['11:00', '23:00'], ['11:00', '17:00'], ['monday']),
    () => week(['18:00', '23:00'], ['18:00', '23:59'], ['18:00', '23:00'], ['monday', 'tuesday']),
  ],
  Bar: [
    () => week(['17:00', '23:59'], ['12:00', '23:59'], ['11:00', '20:00'], ['monday']),
    () => week(['18:00', '23:30'], ['16:00', '23:59'], null, ['monday', 'tuesday']),
    () => week(['16:00', '23:00'], ['10:00', '23:59'], ['10:00', '18:00']),
  ],
  Mercado: [
    () => week(['07:00', '21:00'], ['07:00', '21:00'], ['07:00', '13:00']),
    () => week(['07:00', '21:00'], ['07:00', '20:00'], ['08:00', '12:00']),
    () => week(['07:00', '21:00'], ['07:00', '21:00'], ['07:00', '21:00']),
  ],
  Farmácia: [
    () => week(['07:00', '22:00'], ['07:00', '22:00'], ['08:00', '20:00']),
    () => week(['08:00', '19:00'], ['08:00', '13:00'], null),
    () => week(['07:30', '21:00'], ['08:00', '18:00'], ['08:00', '12:00']),
  ],
  'Salão de beleza': [
    () => week(['09:00', '19:00'], ['08:00', '17:00'], null, ['monday']),
    () => week(['08:30', '18:30'], ['08:00', '14:00'], null),
    () => week(['10:00', '20:00'], ['09:00', '18:00'], null, ['monday']),
  ],
  Oficina: [
    () => week(['08:00', '18:00'], ['08:00', '12:00'], null),
    () => week(['07:30', '17:30'], ['07:30', '11:30'], null),
    () => week(['08:00', '18:00'], null, null),
  ],
  'Pet shop': [
    () => week(['08:00', '18:30'], ['08:00', '14:00'], null),
    () => week(['08:00', '19:00'], ['08:00', '17:00'], ['09:00', '12:00']),
  ],
  'Loja de roupas': [
    () => week(['09:00', '18:00'], ['09:00', '13:00'], null),
    () => week(['08:30', '18:30'], ['08:30', '14:00'], null),
    () => week(['09:00', '19:00'], ['09:00', '17:00'], null, ['monday']),
  ],
  'Açaí e sorveteria': [
    () => week(['13:00', '22:00'], ['13:00', '23:00'], ['14:00', '22:00']),
    () => week(['12:00', '21:30'], ['12:00', '22:30'], ['12:00', '22:30'], ['monday']),
    () => week(['14:00', '22:00'], ['14:00', '23:30'], ['14:00', '23:00'], ['tuesday']),
  ],
};

const DRIVER_SHIFTS = {
  morning: () => week(['05:30', '13:00'], ['06:00', '12:00'], null),
  evening: () => week(['17:00', '23:59'], ['17:00', '23:59'], ['18:00', '23:59']),
  everyDay: () => week(['07:00', '22:00'], ['07:00', '22:00'], ['07:00', '22:00']),
  business: () => week(['08:00', '18:00'], ['08:00', '12:00'], null),
  earlyBird: () => week(['04:30', '12:00'], ['05:00', '11:00'], null, ['sunday']),
  weekendNights: () =>
    week(['19:00', '23:59'], ['14:00', '23:59'], ['14:00', '23:59'], ['monday', 'tuesday', 'wednesday']),
  school: () => week(['06:00', '18:30'], null, null),
} as const;

// ---------------------------------------------------------------- phones

/** Hands out unique numbers so no two listings accidentally share a contact. */
function phoneBook(rng: Rng) {
  const used = new Set<string>();
  const digits = (count: number) => Array.from({ length: count }, () => String(int(rng, 0, 9))).join('');
  const fresh = (make: () => string) => {
    for (;;) {
      const n = make();
      if (!used.has(n)) {
        used.add(n);
        return n;
      }
    }
  };
  return {
    /** Returns the display form and the WhatsApp form of one mobile number. */
    mobile(): { phone: string; whatsapp: string } {
      const n = fresh(() => '9' + pick(rng, ['8', '9', '7', '9', '8', '1']) + digits(7));
      return {
        phone: `(${AREA_CODE}) ${n.slice(0, 5)}-${n.slice(5)}`,
        whatsapp: `55${AREA_CODE}${n}`,
      };
    },
    /** Established shops often list a fixed line; WhatsApp still needs a mobile. */
    landline(): string {
      const n = fresh(() => '3' + pick(rng, ['2', '3', '4', '5']) + digits(6));
      return `(${AREA_CODE}) ${n.slice(0, 4)}-${n.slice(4)}`;
    },
  };
}

// ---------------------------------------------------------------- users

// [fullName, username, bio]
const USERS: readonly (readonly [string, string, string])[] = [
  ['Ana Clara Souza', 'ana_souza', 'Professora de história na Escola Estadual. Fotografo as fachadas antigas do Centro antes que elas mudem.'],
  ['João Pedro Almeida', 'joao_almeida', 'Jornalista, escrevo sobre o que acontece em Vila Serena. Mande sua pauta!'],
  ['Maria Aparecida Ribeiro', 'cida_ribeiro', 'Aposentada, avó de quatro netos e rainha do doce de leite do Jardim das Flores.'],
  ['José Carlos Ferreira', 'zecarlos_ferreira', 'Mecânico há 25 anos. Torcedor do Cruzeiro e do time de várzea do Santa Cruz.'],
  ['Luíza Fernandes', 'luiza_fernandes', 'Estudante de enfermagem, voluntária na feira de adoção de animais.'],
  ['Antônio Batista', 'antonio_batista', 'Produtor de queijo e café na zona rural. Aos sábados estou na feira da praça.'],
  ['Fernanda Lopes Carvalho', 'fe_carvalho', 'Cabeleireira e mãe do Theo. Amo cachos e café forte.'],
  ['Rafael Gonçalves', 'rafael_goncalves', 'Desenvolvedor trabalhando de casa. Pedalo pelas estradas de terra nos fins de semana.'],
  ['Beatriz Moreira', 'bia_moreira', 'Confeiteira de mão cheia. Bolos, brigadeiros e muito açúcar.'],
  ['Lucas Araújo', 'lucas_araujo', 'Goleiro do Vila Nova Futebol Clube e técnico de informática nas horas vagas.'],
  ['Juliana Costa Pereira', 'ju_pereira', 'Nutricionista. Defensora das hortas comunitárias e da feira orgânica.'],
  ['Sebastião Rodrigues', 'tiao_rodrigues', 'Dono de bar, contador de causos e violeiro de fim de semana.'],
  ['Camila Nogueira', 'camila_nogueira', 'Arquiteta, apaixonada por casarões coloniais e praças bem cuidadas.'],
  ['Gabriel Teixeira', 'gabriel_teixeira', 'Estudante do ensino médio, gamer e goleiro reserva.'],
  ['Patrícia Mendes', 'patricia_mendes', 'Farmacêutica. Se precisar de orientação sobre remédio, pode chamar.'],
  ['Marcos Vinícius Rocha', 'marcos_rocha', 'Motorista de aplicativo e pai do Davi. Conheço cada buraco das ruas daqui.'],
  ['Letícia Barbosa', 'leticia_barbosa', 'Vendedora de roupas e de sorrisos. Brechó é vida!'],
  ['Francisco de Assis Lima', 'chico_lima', 'Fotógrafo amador e ex-vereador. Guardo o arquivo de fotos da cidade desde os anos 80.'],
  ['Helena Martins', 'helena_martins', 'Bibliotecária municipal. Leia mais, reclame menos.'],
  ['Thiago Cardoso', 'thiago_cardoso', 'Personal trainer. Treino funcional na praça às 6h, aparece lá!'],
  ['Conceição Alves', 'dona_conceicao', 'Costureira há 40 anos, devota de São Benedito e do café da tarde.'],
  ['Eduardo Pinto', 'edu_pinto', 'Engenheiro civil, acompanhando as obras da cidade de perto.'],
  ['Larissa Duarte', 'larissa_duarte', 'Veterinária, mãe de três vira-latas e uma gata folgada.'],
  ['Benedito Silva', 'ditinho_silva', 'Pedreiro e mestre de obras. Faço do alicerce ao acabamento.'],
  ['Mariana Campos', 'mari_campos', 'Professora de inglês e amante de trilhas na Serra da Mantiqueira.'],
  ['Vinícius Moura', 'vini_moura', 'Músico, toco na banda da Matriz e em casamentos.'],
  ['Rosângela Dias', 'rosangela_dias', 'Manicure e dona de casa. Não perco uma quermesse.'],
  ['Henrique Castro', 'henrique_castro', 'Dono de mercearia, terceira geração no mesmo balcão.'],
  ['Isabela Freitas', 'isa_freitas', 'Publicitária, cuido das redes sociais de vários comércios da cidade.'],
  ['Raimundo Nonato Vieira', 'raimundo_vieira', 'Aposentado da ferrovia, jogador de truco e cuidador da horta comunitária.'],
];

/** Every demo resident signs in with this password (README, "Demo town"); tests take it from here. */
export const DEMO_PASSWORD = 'guida2026';

/** The demo town's moderator (issue #18): she keeps the queue at /moderacao. */
export const DEMO_MODERATOR = 'helena_martins';

// These residents write the news: a journalist, a teacher, the librarian and the town's archivist.
const NEWS_AUTHORS = ['joao_almeida', 'ana_souza', 'helena_martins', 'chico_lima'] as const;

// ---------------------------------------------------------------- businesses

interface BusinessDef {
  name: string;
  description: string;
  neighbourhood?: string;
  /** Index into HOURS_BY_CATEGORY when the trade has a clear pattern (e.g. a pizzeria opens at night). */
  variant?: number;
  /** `null` means the place works by appointment and publishes no schedule. */
  hours?: OpeningHours | null;
  landline?: boolean;
}

const BUSINESSES: Record<string, readonly BusinessDef[]> = {
  Padaria: [
    { name: 'Padaria Pão Dourado', neighbourhood: 'Centro', variant: 0, landline: true, description: 'Pão francês saindo a cada hora, pão de queijo feito com queijo canastra e café passado no coador. Ponto de encontro de quem madruga no Centro.' },
    { name: 'Panificadora São João', landline: true, description: 'Tradição desde 1987, famosa pela rosca de coco e pelo pão de milho que sai toda sexta-feira. Aceitamos encomendas de salgados para festas.' },
    { name: 'Padaria Trigo Bom', description: 'Padaria de bairro com pão caseiro, broa de fubá e biscoito de polvilho assado na hora. Tem mesinhas para um café com leite sem pressa.' },
    { name: 'Pão & Prosa Café Padaria', neighbourhood: 'Centro', description: 'Pães de fermentação natural, bolos de vó e cafés especiais do Sul de Minas. Wi-Fi liberado para quem vem trabalhar.' },
    { name: 'Padaria Nossa Senhora Aparecida', neighbourhood: 'Nossa Senhora Aparecida', variant: 2, description: 'Pão na chapa, média e pingado a preço justo. Aos domingos sai o frango assado com farofa, é bom chegar cedo.' },
    { name: 'Padaria Estrela da Manhã', variant: 0, description: 'Abre antes de o sol nascer para atender quem pega cedo no serviço. Marmitex no almoço de segunda a sábado.' },
    { name: 'Delícias da Vovó Rosa', description: 'Quitandas mineiras feitas à mão: biscoito de nata, sequilho, bolo de fubá com goiabada e pão de queijo congelado para levar.' },
  ],
  Restaurante: [
    { name: 'Restaurante Sabor de Minas', neighbourhood: 'Centro', variant: 0, landline: true, description: 'Comida mineira no fogão a lenha: tutu, feijão tropeiro, costelinha com canjiquinha e couve fresquinha. Self-service no almoço.' },
    { name: 'Cantina da Nonna Lúcia', variant: 1, description: 'Massas frescas feitas na casa, molho de tomate de panela e lasanha aos domingos. Ambiente familiar e música ambiente baixinha.' },
    { name: 'Churrascaria Boi na Brasa', variant: 1, landline: true, description: 'Rodízio de carnes no fim de semana e prato feito caprichado durante a semana. Estacionamento próprio e espaço kids.' },
    { name: 'Restaurante Recanto do Ipê', neighbourhood: 'Recanto dos Ipês', variant: 0, description: 'Almoço caseiro com vista para a serra, verduras da horta própria e sobremesas de compota feitas no tacho.' },
    { name: 'Pizzaria Forno de Pedra', variant: 2, description: 'Pizza no forno a lenha, massa de longa fermentação e sabores mineiros como linguiça com requeijão e frango com catupiry.' },
    { name: 'Cozinha da Dona Nena', variant: 0, description: 'Marmitas e prato do dia com gostinho de comida de casa. Entregamos no Centro e nos bairros vizinhos.' },
    { name: 'Restaurante Sakura', variant: 2, description: 'Culinária japonesa com combinados, temakis e yakisoba. Rodízio às sextas e aos sábados à noite.' },
  ],
  Bar: [
    { name: 'Bar do Zé da Viola', hours: lateNights(week(['17:00', '23:59'], ['12:00', '23:59'], ['11:00', '20:00'], ['monday']), { friday: '02:00', saturday: '02:00' }), description: 'Cerveja gelada, torresmo de rolo e moda de viola ao vivo toda sexta-feira. O bar mais animado da Várzea.', neighbourhood: 'Várzea' },
    { name: 'Boteco São Benedito', neighbourhood: 'São Benedito', description: 'Petiscos mineiros, caldos no inverno e a melhor caipirinha de cachaça artesanal da região.' },
    { name: 'Choperia Vale do Sol', neighbourhood: 'Vale do Sol', variant: 1, description: 'Chope artesanal de cervejarias do Sul de Minas, hambúrguer no pão de fermentação natural e telão para os jogos.' },
    { name: 'Bar e Mercearia do Tião', description: 'Balcão de madeira antigo, cachaças de alambique e porções generosas. Tem mesa de sinuca nos fundos.' },
    { name: 'Espetinho do Baiano', variant: 2, description: 'Espetinhos na brasa, mandioca frita e cerveja trincando. Mesas na calçada e clima de quintal.' },
    { name: 'Empório da Cachaça', neighbourhood: 'Centro', hours: lateNights(week(['18:00', '23:30'], ['16:00', '23:59'], null, ['monday', 'tuesday']), { friday: '01:00', saturday: '01:00' }), description: 'Mais de 80 rótulos de cachaça mineira, degustação guiada e tábua de queijos artesanais da Mantiqueira.' },
  ],
  Mercado: [
    { name: 'Supermercado Serrano', neighbourhood: 'Centro', variant: 2, landline: true, description: 'O maior mercado da cidade, com açougue, hortifrúti e padaria própria. Entrega em domicílio para compras acima de R$ 150,00.' },
    { name: 'Mercearia São José', description: 'Mercearia de esquina com produtos a granel, fubá de moinho d’água e quitandas da roça. Fiado só para freguês antigo!' },
    { name: 'Mercado Bom Preço', variant: 0, description: 'Preço baixo todo dia e promoção de hortifrúti às quartas-feiras. Aceitamos todos os cartões e Pix.' },
    { name: 'Sacolão Verde Vale', variant: 1, description: 'Frutas, verduras e legumes frescos direto dos produtores de Vila Serena e região. Chegada de mercadoria às terças e sextas.' },
    { name: 'Mercadinho Jardim', neighbourhood: 'Jardim das Flores', description: 'Pertinho de casa, com pão quentinho, frios fatiados na hora e entrega de gás de cozinha e água mineral.' },
    { name: 'Açougue e Mercado Boa Vista', neighbourhood: 'Alto da Boa Vista', variant: 1, description: 'Carnes selecionadas, linguiça caseira e produtos de mercearia. Aceitamos encomendas para churrasco.' },
  ],
  Farmácia: [
    { name: 'Farmácia Bom Jesus', neighbourhood: 'Centro', variant: 0, landline: true, description: 'Medicamentos, perfumaria e aplicação de injetáveis com farmacêutica responsável em todo o horário de funcionamento.' },
    { name: 'Drogaria Popular Vila Serena', description: 'Credenciada no programa Farmácia Popular, com descontos para aposentados e entrega grátis no Centro.' },
    { name: 'Farmácia Plantão 24 Horas', hours: week(ROUND_THE_CLOCK, ROUND_THE_CLOCK, ROUND_THE_CLOCK), description: 'Aberta dia e noite, todos os dias. Aferição de pressão, teste de glicemia e atendimento por WhatsApp na madrugada.' },
    { name: 'Farmácia São Benedito', neighbourhood: 'São Benedito', variant: 1, description: 'Farmácia de bairro com atendimento atencioso, genéricos com bom preço e produtos para bebês.' },
    { name: 'Drogaria Saúde & Vida', variant: 2, description: 'Medicamentos, dermocosméticos e suplementos. Programa de fidelidade com desconto a partir da segunda compra.' },
    { name: 'Farmácia de Manipulação Flor de Lis', variant: 1, description: 'Fórmulas manipuladas, florais e cosméticos naturais. Envie a receita pelo WhatsApp e receba o orçamento.' },
  ],
  'Salão de beleza': [
    { name: 'Salão Beleza Única', neighbourhood: 'Centro', description: 'Corte, coloração, escova progressiva e penteados para festas. Atendimento com hora marcada ou por ordem de chegada.' },
    { name: 'Studio Cris Cabeleireira', description: 'Especialista em loiros e mechas, com produtos sem formol. Dia da noiva com maquiagem inclusa.' },
    { name: 'Espaço Vaidade', variant: 2, description: 'Cabelo, unhas, sobrancelha e depilação em um só lugar. Café e bolo por conta da casa.' },
    { name: 'Barbearia do Léo', variant: 0, description: 'Corte masculino, barba na toalha quente e sobrancelha. Sinuca e cerveja gelada enquanto você espera.' },
    { name: 'Salão Cachos & Cia', description: 'Cuidado especializado para cabelos cacheados e crespos: corte a seco, fitagem e hidratação.' },
    { name: 'Espaço Zen Estética', variant: 1, description: 'Limpeza de pele, massagem relaxante, drenagem linfática e design de sobrancelhas.' },
    { name: 'Salão da Rô', hours: null, neighbourhood: 'Vila Nova', description: 'Salão na garagem de casa, só com hora marcada pelo WhatsApp. Escova, corte e luzes com preço camarada.' },
  ],
  Oficina: [
    { name: 'Auto Mecânica Irmãos Pereira', variant: 0, landline: true, description: 'Mecânica geral, injeção eletrônica, suspensão e freios. Orçamento sem compromisso.' },
    { name: 'Oficina do Tonho', hours: null, neighbourhood: 'Várzea', description: 'Mecânico de confiança para carro e caminhonete. Atendo no quintal de casa, é só ligar antes para combinar.' },
    { name: 'Moto Peças e Oficina Veloz', variant: 0, description: 'Peças e serviços para motos de todas as marcas. Revisão completa, troca de óleo e relação.' },
    { name: 'Auto Elétrica Faísca', variant: 1, description: 'Bateria, alternador, motor de arranque e instalação de som e alarme. Socorro de bateria no Centro.' },
    { name: 'Centro Automotivo Serra Azul', variant: 0, description: 'Alinhamento, balanceamento, pneus novos e remold. Troca de óleo na hora, sem agendamento.' },
    { name: 'Funilaria e Pintura São Cristóvão', variant: 2, description: 'Funilaria, pintura e polimento. Trabalhamos com seguradoras e fazemos martelinho de ouro.' },
  ],
  'Pet shop': [
    { name: 'Pet Shop Amigo Fiel', variant: 1, description: 'Banho e tosa, rações premium e acessórios. Buscamos e levamos seu pet em casa.' },
    { name: 'Cão & Gato Pet Center', description: 'Tudo para cães e gatos, com tosa na tesoura e hidratação de pelagem. Brinquedos e caminhas a pronta entrega.' },
    { name: 'Clínica Veterinária Bicho Feliz', variant: 1, description: 'Consultas, vacinas, castração e exames. Pet shop completo junto da clínica.' },
    { name: 'Agropecuária Vila Serena', variant: 0, landline: true, description: 'Rações, sementes, ferramentas e produtos veterinários para o sítio e para o quintal. Entregamos na zona rural.' },
    { name: 'Banho & Tosa Patinhas', variant: 0, description: 'Banho, tosa higiênica e corte de unhas com muito carinho. Pacotes mensais com desconto.' },
    { name: 'Casa de Ração São Francisco', description: 'Ração a granel e em sacos, areia para gatos, alpiste e milho. Preço bom para quem compra em quantidade.' },
  ],
  'Loja de roupas': [
    { name: 'Boutique Flor de Maio', neighbourhood: 'Centro', variant: 2, description: 'Moda feminina com peças selecionadas, vestidos de festa e acessórios. Condicional para clientes cadastradas.' },
    { name: 'Moda & Estilo', neighbourhood: 'Centro', description: 'Roupas masculinas e femininas para o dia a dia e para o trabalho. Parcelamos em até 6 vezes.' },
    { name: 'Ana Modas', description: 'Roupas plus size, lingerie e pijamas. Atendimento pelo WhatsApp com envio de fotos.' },
    { name: 'Jeans & Cia', variant: 0, description: 'Especialista em jeans: calças, bermudas e jaquetas com ajuste da barra na hora.' },
    { name: 'Armarinho e Confecções Santa Rita', neighbourhood: 'Santa Cruz', variant: 1, description: 'Linhas, aviamentos, tecidos e uniformes escolares sob encomenda.' },
    { name: 'Brechó Achadinhos', description: 'Roupas, bolsas e calçados de segunda mão em ótimo estado. Compramos e trocamos peças.' },
    { name: 'Pinguinho Moda Infantil', variant: 1, description: 'Roupas de bebê e infantis do 0 ao 16, enxoval e fantasias para a festa junina da escola.' },
  ],
  'Açaí e sorveteria': [
    { name: 'Açaí da Praça', neighbourhood: 'Centro', variant: 0, description: 'Açaí na tigela com mais de 30 acompanhamentos, do leite Ninho ao morango fresco. Bem na frente da Matriz.' },
    { name: 'Sorveteria Polo Norte', description: 'Sorvete de massa artesanal com sabores da roça: doce de leite, queijo com goiabada e milho verde.' },
    { name: 'Açaí Tropical', variant: 1, description: 'Açaí, cupuaçu e vitaminas. Monte seu copo do jeito que quiser e peça pelo delivery.' },
    { name: 'Gelato Mineiro', variant: 2, description: 'Gelatos cremosos feitos diariamente com frutas da estação e leite fresco da região.' },
    { name: 'Picolé da Serra', description: 'Picolés de fruta e de creme a partir de R$ 3,00. Vendemos caixas para festas e eventos.' },
    { name: 'Point do Açaí São João', neighbourhood: 'São Benedito', description: 'Açaí, milkshake e sorvete no copo com música ambiente e mesinhas na calçada.' },
  ],
};

// ---------------------------------------------------------------- services

// [name, category, description, priceInfo, neighbourhood]
const SERVICES: readonly (readonly [string, string, string, string, string])[] = [
  ['Carlos Eletricista', 'Eletricista', 'Instalações residenciais, troca de disjuntores, chuveiros e padrão de entrada. Atendo emergências à noite e no fim de semana.', 'Visita a partir de R$ 60,00', 'Vila Nova'],
  ['Luz & Força Instalações Elétricas', 'Eletricista', 'Projetos elétricos para casas e comércios, quadros de distribuição e iluminação de LED. Emitimos nota fiscal.', 'Orçamento gratuito', 'Centro'],
  ['Encanador Jorge', 'Encanador', "Conserto de vazamentos, limpeza de caixa-d'água, desentupimento de pia e instalação de aquecedor.", 'Orçamento gratuito no local', 'Santa Cruz'],
  ['Hidráulica Rápida do Wilson', 'Encanador', 'Caça-vazamento sem quebrar parede, troca de registros e válvulas de descarga. Atendimento no mesmo dia.', 'A partir de R$ 80,00', 'Bela Vista'],
  ['Diarista Dona Cida', 'Diarista', 'Faxina completa com capricho: cozinha, banheiros, janelas e passadoria. Trabalho há 15 anos com as mesmas famílias.', 'R$ 150,00 a diária', 'Jardim das Flores'],
  ['Limpeza Caprichada', 'Diarista', 'Dupla de diaristas para faxina pesada, pós-obra e limpeza de mudança. Levamos os produtos.', 'R$ 280,00 a faxina em dupla', 'São Benedito'],
  ['Aulas de Matemática com Prof. Renato', 'Professor particular', 'Reforço de matemática e física para o ensino fundamental e médio, e preparação para o Enem.', 'R$ 50,00 a hora/aula', 'Centro'],
  ['Reforço Escolar Tia Lu', 'Professor particular', 'Alfabetização e reforço para crianças do 1º ao 5º ano, com muita paciência e atividades lúdicas.', 'R$ 300,00 por mês (2x por semana)', 'Nossa Senhora Aparecida'],
  ['Inglês com a Teacher Carol', 'Professor particular', 'Aulas de inglês para crianças e adultos, presenciais ou on-line. Conversação e preparação para intercâmbio.', 'R$ 60,00 a aula individual', 'Recanto dos Ipês'],
  ['Aulas de Violão com Miguel', 'Professor particular', 'Violão e viola caipira para iniciantes. Repertório sertanejo, MPB e música religiosa.', 'R$ 180,00 por mês (1x por semana)', 'Vila Nova'],
  ['Manicure Jéssica', 'Manicure', 'Manicure e pedicure em domicílio, esmaltação em gel e unhas decoradas.', 'Pé e mão por R$ 45,00', 'Alto da Boa Vista'],
  ['Unhas da Paty', 'Manicure', 'Alongamento em fibra de vidro, blindagem e spa dos pés. Ambiente climatizado em casa.', 'Alongamento a partir de R$ 120,00', 'Centro'],
  ['Pedreiro Seu Geraldo', 'Pedreiro', 'Reformas, muros, contrapiso e assentamento de piso e revestimento. Mais de 30 anos de profissão.', 'Diária de R$ 200,00 ou empreitada', 'Várzea'],
  ['Reformas Bom Lar', 'Pedreiro', 'Equipe completa para reformas de banheiro e cozinha, telhados e pequenas construções.', 'Orçamento sem compromisso', 'Bela Vista'],
  ['InfoTec Assistência', 'Técnico de informática', 'Formatação, remoção de vírus, troca de tela de notebook e montagem de computadores.', 'Formatação por R$ 100,00', 'Centro'],
  ['Léo Conserta PCs e Celulares', 'Técnico de informática', 'Conserto de celulares, troca de bateria e conector, instalação de redes Wi-Fi em casa e no comércio.', 'Diagnóstico gratuito', 'Vale do Sol'],
  ['Jardinagem Verde Vivo', 'Jardineiro', 'Manutenção de jardins, poda de árvores, plantio de grama e paisagismo para casas e sítios.', 'A partir de R$ 120,00 a visita', 'Recanto dos Ipês'],
  ['Seu Zé Jardineiro', 'Jardineiro', 'Capina, roçada de lote e limpeza de quintal. Levo a roçadeira e retiro o entulho verde.', 'Roçada de lote a partir de R$ 150,00', 'Morro do Cruzeiro'],
  ['Costura & Ajustes Dona Lurdes', 'Costureira', 'Barras, ajustes, troca de zíper e reforma de roupas. Faço vestido de festa sob medida.', 'Barra simples por R$ 15,00', 'São Benedito'],
  ['Fotografia Olhar Mineiro', 'Fotógrafo', 'Fotos de casamento, aniversário, ensaio de gestante e batizado. Álbum impresso incluso nos pacotes.', 'Pacotes a partir de R$ 450,00', 'Centro'],
  ['Bolos da Tati', 'Confeiteira', 'Bolos decorados, docinhos finos e kits de festa. Encomendas com 3 dias de antecedência.', 'Bolo de 2 kg a partir de R$ 140,00', 'Jardim das Flores'],
  ['Pintor Marcelo', 'Pintor', 'Pintura residencial e comercial, textura, grafiato e massa corrida. Serviço limpo e no prazo.', 'Orçamento por metro quadrado', 'Santa Cruz'],
  ['Chaveiro Serra', 'Chaveiro', 'Cópia de chaves, abertura de portas e carros, troca de fechaduras e chave codificada.', 'Cópia simples por R$ 10,00', 'Centro'],
  ['Montagem de Móveis Ricardo', 'Montador de móveis', 'Montagem e desmontagem de guarda-roupas, cozinhas e móveis de loja. Instalo prateleiras e suportes de TV.', 'A partir de R$ 90,00 por móvel', 'Vila Nova'],
  ['Personal Trainer Bruno Reis', 'Personal trainer', 'Treino funcional ao ar livre, emagrecimento e condicionamento para a terceira idade.', 'R$ 250,00 por mês (3x por semana)', 'Bela Vista'],
];

// ---------------------------------------------------------------- drivers

type ShiftName = keyof typeof DRIVER_SHIFTS;

// [name, kind, vehicle, shift, bio]
const DRIVERS: readonly (readonly [string, SeedDriver['vehicleKind'], string, ShiftName, string])[] = [
  ['Dudu Mototáxi', 'moto', 'Honda CG 160 vermelha', 'morning', 'Mototáxi de confiança, capacete extra com touca descartável para o passageiro. Levo ao trabalho e à escola.'],
  ['Nego Moto Entregas', 'moto', 'Honda Biz 125 preta com baú', 'everyDay', 'Faço corridas e entregas de farmácia, padaria e documentos. Chamou, chegou!'],
  ['Kelly Mototáxi', 'moto', 'Yamaha Factor 150 azul', 'evening', 'Mototaxista mulher, com preferência para passageiras à noite. Segurança em primeiro lugar.'],
  ['Fabinho Motoboy', 'moto', 'Honda Pop 110i branca', 'business', 'Entregas rápidas para o comércio, bancos e cartório. Tenho bag térmica para comida.'],
  ['Marquinhos Mototáxi', 'moto', 'Honda Fan 160 prata', 'weekendNights', 'Rodo nas noites de fim de semana para você voltar da festa com segurança.'],
  ['Tonhão Moto', 'moto', 'Yamaha Fazer 250 preta', 'earlyBird', 'Levo o pessoal da madrugada para a rodoviária e para o turno da fábrica.'],
  ['Juninho Entregas', 'moto', 'Honda Bros 160 verde', 'morning', 'Moto trilheira, vou na zona rural e nas estradas de terra sem problema.'],
  ['Táxi do Seu Valdir', 'carro', 'Chevrolet Spin prata, 7 lugares', 'everyDay', 'Taxista há 20 anos. Carro amplo para famílias, cadeirinha de criança disponível.'],
  ['Renata Motorista', 'carro', 'Fiat Argo branco com ar-condicionado', 'business', 'Motorista particular para consultas médicas, bancos e compras. Ajudo com as sacolas.'],
  ['Paulo Táxi', 'carro', 'Toyota Etios sedã prata', 'evening', 'Ponto na Praça da Matriz. Aceito Pix e cartão.'],
  ['Gilberto Viagens', 'carro', 'Chevrolet Onix Plus preto', 'everyDay', 'Viagens para Pouso Alegre, Varginha e aeroporto de Confins com hora marcada.'],
  ['Sandro Corridas', 'carro', 'Volkswagen Voyage cinza', 'weekendNights', 'Corridas noturnas e buscas em festas e casamentos. Motorista que não bebe!'],
  ['Márcia Leva e Traz', 'carro', 'Renault Logan branco', 'school', 'Levo crianças para a escola, natação e inglês. Cadeirinhas e muito cuidado.'],
  ['Van do Cláudio', 'van', 'Mercedes-Benz Sprinter, 16 lugares', 'everyDay', 'Excursões para Aparecida, Poços de Caldas e shows. Fretamento para casamentos e formaturas.'],
  ['Transporte Escolar Tia Jane', 'van', 'Fiat Ducato escolar amarela, 15 lugares', 'school', 'Transporte escolar autorizado, monitora a bordo e cinto em todos os bancos.'],
  ['Van Serra Turismo', 'van', 'Renault Master, 15 lugares', 'earlyBird', 'Linha diária para os hospitais de Pouso Alegre, saída às 5h da Praça da Matriz.'],
  ['Fretes e Mudanças Zé Carreto', 'frete', 'Caminhão baú Ford Cargo 816', 'business', 'Mudanças completas com embalagem e montagem de móveis. Atendo Vila Serena e região.'],
  ['Carreto do Baixinho', 'frete', 'Fiat Strada com caçamba', 'morning', 'Carretos pequenos: geladeira, fogão, material de construção e entulho leve.'],
  ['Frete Rápido Vila Serena', 'frete', 'Fiat Fiorino furgão branca', 'everyDay', 'Entregas de lojas e pequenos fretes no mesmo dia. Preço justo e pontualidade.'],
  ['Mudanças Irmãos Souza', 'frete', 'Kia Bongo baú', 'business', 'Dois ajudantes inclusos, cobertores para proteger os móveis e orçamento por WhatsApp.'],
];

// ---------------------------------------------------------------- sell items

type Condition = SeedSellItem['condition'];
// [title, description, base price in BRL, condition]
type ItemDef = readonly [string, string, number, Condition];

const SELL_ITEMS: Record<string, readonly ItemDef[]> = {
  Eletrônicos: [
    ['Smart TV Samsung 43" Full HD', 'Funcionando perfeitamente, com controle original e suporte de parede. Vendo porque troquei por uma maior.', 1250, 'seminovo'],
    ['Celular Motorola Moto G54 128 GB', 'Bateria ótima, sempre usado com capinha e película. Acompanha carregador e caixa.', 850, 'seminovo'],
    ['iPhone 11 64 GB', 'Saúde da bateria em 82%, tela sem riscos. Vai só o aparelho e o cabo.', 1600, 'usado'],
    ['Notebook Lenovo IdeaPad i5 8 GB', 'SSD de 256 GB, ideal para estudo e trabalho. Bateria aguenta umas 3 horas.', 1900, 'usado'],
    ['Caixa de som JBL Flip 5', 'Som alto e bateria durando o dia inteiro. Pouquíssimo uso.', 380, 'seminovo'],
    ['PlayStation 4 Slim 1 TB com 2 controles', 'Acompanha 3 jogos em mídia física. Nunca foi aberto para conserto.', 1300, 'usado'],
    ['Fone de ouvido Bluetooth', 'Novo, lacrado na caixa. Ganhei de presente e já tenho um.', 95, 'novo'],
    ['Monitor LG 24" IPS', 'Sem pixel morto, com cabo HDMI. Ótimo para home office.', 560, 'seminovo'],
    ['Impressora multifuncional Epson EcoTank', 'Imprime, copia e digitaliza. Vai com os tanques cheios de tinta.', 650, 'usado'],
    ['Roteador Wi-Fi TP-Link', 'Funcionando, trocado pelo da operadora. Vai com a fonte.', 45, 'usado'],
  ],
  Móveis: [
    ['Sofá retrátil e reclinável 3 lugares', 'Tecido suede cinza, sem rasgos. Retirar no local, fica no segundo andar.', 900, 'usado'],
    ['Guarda-roupa casal 6 portas', 'Com espelho e 4 gavetas. Desmontado e pronto para levar.', 750, 'usado'],
    ['Mesa de jantar com 6 cadeiras', 'Madeira maciça de ipê, cadeiras com assento estofado recém-reformado.', 1800, 'usado'],
    ['Rack com painel para TV até 55"', 'Cor off-white com freijó. Muito conservado.', 320, 'seminovo'],
    ['Cama box casal com colchão', 'Colchão de molas ensacadas com 2 anos de uso, sem manchas.', 600, 'usado'],
    ['Escrivaninha com 3 gavetas', 'Ótima para quarto de estudante. Tampo sem arranhões.', 250, 'seminovo'],
    ['Cristaleira antiga de peroba', 'Peça da casa da minha avó, com portas de vidro bisotado. Para quem gosta de móvel de época.', 1200, 'usado'],
    ['Poltrona de amamentação com puff', 'Reclinável e giratória, usada por menos de um ano.', 450, 'seminovo'],
    ['Estante de livros 5 prateleiras', 'MDF branco, 1,80 m de altura. Firme, sem empenar.', 180, 'usado'],
    ['Par de banquetas altas', 'Novas, ainda na caixa. Assento de madeira e pés pretos.', 220, 'novo'],
  ],
  Bicicletas: [
    ['Bicicleta Caloi aro 29, 21 marchas', 'Freio a disco, revisada mês passado. Ideal para as estradas de terra da região.', 1100, 'seminovo'],
    ['Bicicleta infantil aro 16 com rodinhas', 'Rosa com cestinha. Minha filha cresceu e não usa mais.', 220, 'usado'],
    ['Monark Barra Circular restaurada', 'Toda original, pintura nova e pneus novos. Relíquia para colecionador.', 1500, 'usado'],
    ['Bicicleta elétrica aro 26', 'Autonomia de 30 km, bateria de lítio com 1 ano. Sobe o Morro do Cruzeiro sem esforço.', 4200, 'seminovo'],
    ['Bike speed Oggi Velloce', 'Quadro de alumínio tamanho 54, grupo Shimano Claris.', 2800, 'usado'],
    ['Capacete de ciclismo tamanho M', 'Novo, com etiqueta. Comprei o tamanho errado.', 120, 'novo'],
    ['Bicicleta feminina com cestinha', 'Aro 26, estilo retrô, perfeita para ir à feira.', 450, 'usado'],
    ['Par de pneus aro 29', 'Pneus novos para trilha, nunca montados.', 180, 'novo'],
    ['Rolo de treino para bicicleta', 'Magnético com 6 níveis de resistência. Bom para os dias de chuva.', 550, 'seminovo'],
    ['BMX aro 20', 'Pedaleiras e aro reforçado. Tem alguns arranhões de uso.', 600, 'usado'],
  ],
  Roupas: [
    ['Jaqueta de couro masculina G', 'Couro legítimo, forro em bom estado. Perfeita para o inverno mineiro.', 280, 'usado'],
    ['Vestido de festa longo M', 'Usado uma única vez num casamento. Cor verde-esmeralda.', 200, 'seminovo'],
    ['Lote com 10 camisetas P', 'Camisetas básicas de algodão, várias cores, todas em bom estado.', 100, 'usado'],
    ['Tênis Nike Revolution nº 40', 'Usado poucas vezes para caminhada. Solado inteiro.', 180, 'seminovo'],
    ['Bota country feminina nº 36', 'Couro marrom, bordado no cano. Usada em duas festas de peão.', 220, 'seminovo'],
    ['Casaco de tricô feito à mão', 'Lã pura, tamanho M, tricotado pela minha mãe.', 150, 'novo'],
    ['Terno completo azul-marinho nº 50', 'Paletó e calça, lavado a seco. Usado em formatura.', 350, 'seminovo'],
    ["Calça jeans Levi's nº 42", 'Modelo 505, lavagem escura. Sem desgaste na barra.', 120, 'usado'],
    ['Bolsa de couro caramelo', 'Bolsa média com alça transversal, sem marcas de uso.', 160, 'seminovo'],
    ['Vestido de noiva tamanho 38', 'Renda francesa e cauda média. Usado uma vez, lavado e guardado com cuidado.', 1500, 'usado'],
  ],
  Infantil: [
    ['Carrinho de bebê Galzerano', 'Reclina em 3 posições e tem capota. Rodinhas todas funcionando.', 450, 'usado'],
    ['Berço com colchão', 'Berço de madeira que vira minicama. Colchão com capa impermeável.', 500, 'usado'],
    ['Cadeirinha de carro 9 a 25 kg', 'Sem nenhum acidente, com todas as travas. Selo do Inmetro.', 280, 'seminovo'],
    ['Lote de roupas de bebê 0 a 6 meses', 'Mais de 40 peças entre bodies, macacões e mijões. Tudo lavado.', 150, 'usado'],
    ['Andador musical', 'Com luzes e sons, regulagem de altura. Faltam as pilhas.', 120, 'usado'],
    ['Banheira com suporte', 'Banheira com trocador acoplado. Bem conservada.', 90, 'usado'],
    ['Cadeira de alimentação', 'Dobrável, com bandeja removível e cinto de 5 pontos.', 200, 'seminovo'],
    ['Lego Classic caixa grande', 'Caixa com 790 peças, todas conferidas.', 230, 'seminovo'],
    ['Patinete infantil 3 rodas', 'Rodas com luz, suporta até 50 kg.', 80, 'usado'],
    ['Bebê conforto com base', 'Base para carro inclusa. Capa lavada.', 250, 'usado'],
  ],
  Ferramentas: [
    ['Furadeira de impacto Bosch 650 W', 'Acompanha maleta e jogo de brocas. Funciona muito bem.', 280, 'seminovo'],
    ['Jogo de chaves combinadas 12 peças', 'Aço cromo-vanádio, de 6 a 22 mm. Lacrado.', 110, 'novo'],
    ['Betoneira 400 litros', 'Motor revisado, ótima para obra. Retirar no local.', 2800, 'usado'],
    ['Lavadora de alta pressão Wap', 'Ideal para calçada e carro. Acompanha mangueira de 5 metros.', 350, 'usado'],
    ['Serra circular Makita 7 1/4"', 'Com disco novo. Um pouco de marca de uso na carcaça.', 420, 'usado'],
    ['Escada de alumínio 7 degraus', 'Leve e firme, sem amassados.', 190, 'usado'],
    ['Roçadeira a gasolina', 'Motor 2 tempos, pega na primeira puxada. Vai com fio de nylon.', 650, 'usado'],
    ['Máquina de solda inversora 160 A', 'Solda eletrodo, pouco usada. Vai com máscara.', 600, 'seminovo'],
    ['Compressor de ar 50 litros', 'Bom para pintura e para encher pneus. 2 HP.', 900, 'usado'],
    ['Parafusadeira a bateria 12 V', 'Nova, com duas baterias e carregador bivolt.', 260, 'novo'],
  ],
  Veículos: [
    ['Honda Biz 125 2013', 'Documento em dia, pneus novos e revisão feita. Moto muito econômica.', 8200, 'usado'],
    ['Yamaha Factor 125 2011', 'Partida elétrica, licenciada. Alguns arranhões no tanque.', 6900, 'usado'],
    ['Carretinha reboque', 'Documentada, com lona e engate. Ótima para sítio.', 2600, 'usado'],
    ['Scooter elétrica 1000 W', 'Sem necessidade de habilitação, autonomia de 40 km.', 4800, 'seminovo'],
    ['Jogo de 4 pneus aro 14 meia-vida', 'Ainda com bastante borracha, sem bolhas.', 480, 'usado'],
    ['Capacete fechado tamanho 58', 'Viseira sem riscos, forro removível lavado.', 160, 'seminovo'],
    ['Som automotivo Pioneer com Bluetooth', 'Retirado do carro funcionando. Vai com o chicote.', 320, 'usado'],
    ['Rodas de liga aro 15 com pneus', 'Furação 4x100, sem empenos.', 1400, 'usado'],
    ['Baú para moto 41 litros', 'Com base universal e duas chaves.', 180, 'seminovo'],
    ['Jaqueta de motociclista com proteção', 'Tamanho M, impermeável e com protetores removíveis.', 300, 'seminovo'],
  ],
  Casa: [
    ['Geladeira Consul Frost Free 340 L', 'Gelando muito bem, porta sem amassados. 110 V.', 1500, 'usado'],
    ['Fogão 4 bocas Atlas', 'Acendimento automático funcionando e forno limpo.', 350, 'usado'],
    ['Máquina de lavar Brastemp 11 kg', 'Lava e centrifuga perfeitamente. Vendo por mudança.', 1100, 'usado'],
    ['Micro-ondas Electrolux 20 L', 'Pouco usado, ainda com o manual. 220 V.', 280, 'seminovo'],
    ['Jogo de panelas antiaderentes 5 peças', 'Na caixa, nunca usado. Presente de casamento repetido.', 220, 'novo'],
    ['Fogão a lenha pequeno', 'Chapa de ferro fundido, duas bocas e forno. Perfeito para o inverno.', 1200, 'usado'],
    ['Ventilador de coluna Mondial', 'Três velocidades, grade sem quebra.', 110, 'usado'],
    ['Liquidificador Arno', 'Copo de vidro sem trincas. 5 velocidades.', 90, 'seminovo'],
    ['Tapete de sala 2 x 3 m', 'Bege, pelo baixo, lavado recentemente.', 250, 'seminovo'],
    ['Filtro de barro 6 litros', 'Novo, com duas velas de reposição. A água fica fresquinha.', 120, 'novo'],
  ],
};

// ---------------------------------------------------------------- posts

const POSTS: readonly string[] = [
  'Alguém sabe se a feira de sábado vai acontecer mesmo com essa chuva? Queria comprar o queijo do Seu Antônio.',
  'Achei um cachorrinho caramelo perto da Praça da Matriz, com coleira azul. Está aqui em casa, no Jardim das Flores. Se for seu, me chama!',
  'Agradecimento público ao pessoal do posto de saúde da Vila Nova pelo atendimento de ontem. Muito carinho com a minha mãe. Obrigada!',
  'Faltou água aqui no Alto da Boa Vista desde cedo. Mais alguém está sem? Já liguei para a companhia e disseram que é manutenção.',
  'Recomendo demais o pão de queijo da Padaria Pão Dourado. Às 16h sai uma fornada nova, quentinho!',
  'Pessoal, o bueiro da Rua Tiradentes, esquina com a Sete de Setembro, está entupido de novo. Quando chove vira um rio. Vamos cobrar a prefeitura.',
  'Hoje completo 50 anos morando em Vila Serena. Vi essa cidade crescer, mas o pôr do sol do Morro do Cruzeiro continua o mesmo. Que lugar abençoado!',
  'Alguém indica um bom eletricista? Meu chuveiro queimou pela terceira vez este mês.',
  'Perdi uma carteira marrom entre a rodoviária e o Supermercado Serrano. Tem meus documentos. Quem achar, por favor entre em contato, dou recompensa.',
  'Começou a temporada de pamonha lá em casa! Vendo pamonha doce e salgada sábado de manhã, é só encomendar pelo WhatsApp.',
  'Que orgulho do time sub-15 do Santa Cruz, campeão do torneio regional! Esses meninos treinam no campinho de terra e deram show.',
  'Atenção, motoristas: a Avenida Getúlio Vargas vai ficar interditada na altura da ponte durante a obra. Usem a Rua da Cachoeira como desvio.',
  'Quem tiver roupas de frio sobrando, a paróquia de São Benedito está recolhendo para a campanha do agasalho até o fim do mês.',
  'O ipê-amarelo da praça floriu! Passem lá para ver, está lindo demais.',
  'Estou organizando um grupo de caminhada às 6h30, saindo da Praça da Matriz. Quem topa? Ritmo leve, todo mundo é bem-vindo.',
  'Procuro alguém que dê aula de violão para criança de 9 anos. Pode ser no fim de semana.',
  'A biblioteca municipal recebeu livros novos! Tem bastante coisa de literatura infantil e romance. Vale a visita.',
  'Cuidado: tem gente passando de casa em casa dizendo que é da companhia de energia e pedindo para entrar. Peçam sempre o crachá!',
  'Que saudade do cinema que tinha na praça nos anos 90. Alguém ainda tem fotos daquela época?',
  'Vendi minha bicicleta aqui no Guida em dois dias. Obrigado, pessoal, funcionou muito bem!',
  'Hoje tem missa campal às 19h na Praça da Matriz, com quermesse depois. Vai ter caldo de mandioca e quentão!',
  'Alguém sabe até que horas a Farmácia Plantão fica aberta no domingo? Preciso de um remédio para febre.',
  'Minha gata Mel sumiu aqui no Recanto dos Ipês. É branca com manchas pretas e tem um sininho na coleira. Qualquer notícia, por favor me avisem.',
  'O asfalto novo da Rua dos Ipês ficou ótimo. Agora só falta a sinalização e a faixa de pedestres em frente à escola.',
  'Doação: tenho um sofá de dois lugares em bom estado. Quem precisar pode buscar aqui na Bela Vista.',
  'A horta comunitária da Várzea está precisando de voluntários para o mutirão de domingo. Tragam enxada e chapéu!',
  'Descobri agora que a Sorveteria Polo Norte tem sorvete de queijo com goiabada. Minha vida mudou.',
  'Alguém vai para Pouso Alegre amanhã cedo e tem uma vaga no carro? Divido a gasolina.',
  'Parabéns à Escola Estadual pela feira de ciências. Meu filho apresentou um projeto sobre a água do ribeirão e voltou todo orgulhoso.',
  'Bom dia, Vila Serena! Frio de 8 graus hoje cedo. Hora do café com broa de fubá.',
];

// [post text, question, options]
const POLLS: readonly (readonly [string, string, readonly string[]])[] = [
  ['A associação de artesãos quer saber da comunidade: qual o melhor dia para a feira de artesanato?', 'Qual o melhor dia para a feira de artesanato?', ['Sábado de manhã', 'Sábado à tarde', 'Domingo de manhã', 'Domingo à tarde']],
  ['Estamos montando a programação do Arraiá de São João. Deem sua opinião!', 'Qual atração não pode faltar na festa junina?', ['Quadrilha', 'Forró ao vivo', 'Fogueira e quentão', 'Barraca de comidas típicas', 'Pescaria e correio elegante']],
  ['Polêmica do dia: onde tem o melhor pão de queijo da cidade?', 'Melhor pão de queijo de Vila Serena?', ['Padaria Pão Dourado', 'Panificadora São João', 'Delícias da Vovó Rosa', 'Pão & Prosa Café Padaria']],
  ['A praça da Matriz vai passar por reforma. O que vocês acham mais importante?', 'O que a Praça da Matriz mais precisa?', ['Mais iluminação', 'Mais bancos e sombra', 'Parquinho novo', 'Banheiro público', 'Wi-Fi gratuito']],
  ['Tem gente falando em ciclovia ligando o Centro ao Vale do Sol. Vocês usariam?', 'Você usaria uma ciclovia Centro–Vale do Sol?', ['Sim, todo dia', 'Às vezes, no fim de semana', 'Não usaria']],
  ['Pergunta séria para o calorão de hoje:', 'Seu açaí é com quê?', ['Leite Ninho', 'Banana e granola', 'Morango', 'Paçoca', 'Puro, sem nada']],
  ['O cinema na praça volta no mês que vem! A comissão quer saber o gosto do público.', 'Que tipo de filme passar no cinema na praça?', ['Comédia', 'Animação', 'Filme nacional', 'Ação', 'Romance', 'Documentário']],
  ['Para o campeonato de futebol amador deste ano, a liga quer ouvir os torcedores.', 'Melhor horário para os jogos do campeonato?', ['Sábado à tarde', 'Domingo de manhã', 'Domingo à tarde']],
  ['Os comerciantes do Centro estão discutindo o horário de funcionamento.', 'O comércio do Centro deveria abrir aos domingos?', ['Sim, o ano todo', 'Só em dezembro', 'Não, domingo é dia de descanso']],
  ['A coleta seletiva vai começar nos bairros. Queremos saber a rotina de vocês.', 'Você já separa o lixo reciclável em casa?', ['Sim, sempre', 'Às vezes', 'Ainda não, mas quero começar', 'Não']],
];

// ---------------------------------------------------------------- news

// [title, summary, paragraphs]
const NEWS: readonly (readonly [string, string, readonly string[]])[] = [
  [
    'Feira do produtor rural ganha espaço coberto na Praça da Matriz',
    'Com a nova estrutura, os 40 feirantes deixam de depender do tempo e a feira passa a funcionar também nas tardes de quarta-feira.',
    [
      'A tradicional feira do produtor rural de Vila Serena ganhou, neste sábado, uma estrutura coberta na lateral da Praça da Matriz. A tenda de lona tensionada abriga 40 barracas e foi montada com recursos de um convênio entre a prefeitura e a cooperativa de agricultores.',
      'Segundo a coordenação da feira, a principal mudança é a segurança contra a chuva, que nos meses de verão costumava esvaziar a praça. "Antes a gente perdia a venda da semana inteira por causa de uma pancada de chuva", contou o produtor Antônio Batista, que vende queijo e café no local há mais de dez anos.',
      'Além do sábado, das 6h às 12h, a feira passa a funcionar também às quartas-feiras, das 15h às 19h, em caráter experimental. A ideia é atender quem trabalha no comércio e não consegue ir de manhã.',
      'Os feirantes aceitam Pix e cartão, e a cooperativa distribui sacolas retornáveis aos clientes cadastrados nas primeiras semanas.',
    ],
  ],
  [
    'Arraiá de São João terá três noites de festa e quadrilha das escolas',
    'A festa junina da cidade acontece na Praça da Matriz, com barracas das entidades, forró ao vivo e a tradicional fogueira.',
    [
      'O Arraiá de São João de Vila Serena já tem programação definida. Serão três noites de festa, de sexta a domingo, na Praça da Matriz, sempre a partir das 18h. A entrada é gratuita.',
      'As barracas de comidas típicas serão administradas por entidades da cidade, como a Apae, o asilo São Vicente e os grupos de jovens das paróquias. Quentão, pinhão, canjica, pamonha e caldo de mandioca estão garantidos.',
      'Na sexta-feira, as escolas municipais apresentam suas quadrilhas. No sábado, o palco recebe o trio de forró Sanfona Serrana, e no domingo acontece o concurso de quadrilhas adultas, com premiação para as três melhores.',
      'A organização pede que o público evite levar fogos de artifício e lembra que a Rua Tiradentes ficará fechada para carros durante os três dias.',
    ],
  ],
  [
    'Obras de revitalização da Praça da Matriz entram na reta final',
    'Troca do piso, novos bancos e iluminação de LED devem ficar prontos em cerca de 30 dias, segundo a secretaria de obras.',
    [
      'As obras de revitalização da Praça da Matriz chegaram à fase de acabamento. O piso de pedra portuguesa, que estava solto em vários pontos, foi totalmente refeito, e os canteiros receberam novas mudas de ipê e de manacá-da-serra.',
      'De acordo com a secretaria municipal de obras, ainda faltam a instalação dos bancos, a nova iluminação de LED e a reforma do coreto. A previsão é que tudo esteja pronto em cerca de 30 dias, se o tempo ajudar.',
      'Comerciantes do entorno relatam queda no movimento durante a obra, mas dizem estar otimistas. "Quando ficar pronta, a praça vai voltar a ser o coração da cidade", afirmou a dona de uma sorveteria vizinha.',
      'Durante os trabalhos, a feira de sábado e as missas campais continuam acontecendo na parte já liberada da praça.',
    ],
  ],
  [
    'Campanha de vacinação contra a gripe começa na segunda-feira',
    'Idosos, gestantes, crianças de 6 meses a 5 anos e profissionais da saúde têm prioridade. Todos os postos vão vacinar.',
    [
      'A secretaria municipal de saúde de Vila Serena inicia na próxima segunda-feira a campanha de vacinação contra a gripe. Nesta primeira etapa, têm prioridade pessoas com 60 anos ou mais, gestantes, puérperas, crianças de 6 meses a menores de 6 anos e trabalhadores da saúde.',
      'A vacina estará disponível em todos os postos de saúde da cidade, das 8h às 16h. No sábado, haverá um dia D na Escola Estadual, das 8h às 17h, com vacinação também contra o sarampo para quem estiver com a caderneta atrasada.',
      'É preciso levar documento com foto, cartão do SUS e a caderneta de vacinação. Pessoas acamadas podem solicitar a vacinação em casa pelo telefone do posto mais próximo.',
    ],
  ],
  [
    'Santa Cruz e Vila Nova decidem o campeonato municipal de futebol amador',
    'A final será disputada no domingo, às 15h, no Estádio Municipal. A entrada é um quilo de alimento não perecível.',
    [
      'Depois de dois meses de disputa, o Campeonato Municipal de Futebol Amador chegou à grande final. O Santa Cruz Esporte Clube, melhor campanha da primeira fase, enfrenta o Vila Nova Futebol Clube, que eliminou o atual campeão nos pênaltis.',
      'A partida acontece no domingo, às 15h, no Estádio Municipal. A entrada será um quilo de alimento não perecível, e toda a arrecadação será doada às famílias atendidas pela assistência social.',
      'Antes da final, às 13h, acontece a decisão do terceiro lugar entre Bela Vista e Alto da Boa Vista. A premiação inclui troféus, medalhas e um jogo de uniformes oferecido pelo comércio local.',
      'A liga pede que os torcedores cheguem cedo e lembra que é proibida a entrada com garrafas de vidro.',
    ],
  ],
  [
    'Nova linha de ônibus vai ligar o Vale do Sol ao Centro',
    'A linha circular terá saídas a cada 40 minutos nos dias úteis e atende uma reivindicação antiga dos moradores.',
    [
      'A partir do dia 1º do próximo mês, moradores do Vale do Sol e do Recanto dos Ipês passam a contar com uma linha de ônibus circular até o Centro. A reivindicação era antiga: até agora, quem não tinha carro precisava caminhar quase dois quilômetros até o ponto mais próximo.',
      'O ônibus vai sair a cada 40 minutos nos dias úteis, das 5h30 às 22h, e a cada hora aos sábados. Aos domingos e feriados, haverá viagens apenas no período da manhã.',
      'A tarifa será a mesma das demais linhas municipais, e estudantes com carteirinha pagam meia. Idosos acima de 65 anos viajam de graça.',
      'A empresa responsável informou que os horários ficarão afixados nos pontos e na rodoviária.',
    ],
  ],
  [
    'Biblioteca municipal recebe doação de dois mil livros',
    'O acervo doado por uma família de professores inclui clássicos da literatura brasileira, livros infantis e obras sobre a história de Minas.',
    [
      'A Biblioteca Municipal de Vila Serena recebeu a doação de cerca de dois mil livros da família do professor aposentado Geraldo Tavares, que lecionou por mais de 40 anos nas escolas da cidade.',
      'Entre os títulos, há coleções completas de Machado de Assis, Guimarães Rosa e Carlos Drummond de Andrade, além de centenas de livros infantis e uma seção rara sobre a história das cidades do Sul de Minas.',
      'A bibliotecária Helena Martins explica que os livros estão sendo catalogados e devem estar disponíveis para empréstimo nas próximas semanas. "É um presente para a cidade inteira", disse.',
      'A biblioteca funciona de segunda a sexta, das 8h às 18h, e aos sábados pela manhã. O cadastro é gratuito e basta apresentar um comprovante de endereço.',
    ],
  ],
  [
    'Mutirão retira mais de uma tonelada de lixo do Ribeirão das Pedras',
    'Voluntários de todos os bairros participaram da limpeza, que encontrou até sofá e pneus nas margens do ribeirão.',
    [
      'Cerca de 120 voluntários participaram, no domingo, do mutirão de limpeza do Ribeirão das Pedras, que corta a Várzea e o Jardim das Flores. Ao fim da manhã, mais de uma tonelada de lixo havia sido retirada das margens.',
      'Entre os itens encontrados estavam garrafas PET, sacolas plásticas, pneus e até um sofá. Todo o material foi levado pela prefeitura para a triagem, e o que era reciclável seguiu para a associação de catadores.',
      'Os organizadores pretendem repetir a ação a cada três meses e pedem que a população use os pontos de coleta de entulho em vez de descartar nas margens.',
    ],
  ],
  [
    'Feira de ciências da Escola Estadual reúne mais de 60 projetos',
    'Estudantes apresentaram trabalhos sobre energia solar, qualidade da água e reaproveitamento de alimentos.',
    [
      'A quadra da Escola Estadual ficou cheia na sexta-feira para a feira de ciências anual. Foram mais de 60 projetos apresentados por alunos do 6º ano ao ensino médio.',
      'Um dos trabalhos mais visitados foi o de uma turma do 9º ano que analisou a água do Ribeirão das Pedras em diferentes pontos da cidade. Outro grupo construiu um aquecedor solar com garrafas PET e caixas de leite.',
      'Os três melhores projetos vão representar a cidade na mostra regional de ciências, em Pouso Alegre. A direção agradeceu aos comerciantes que ajudaram com o material.',
      'Para a professora de ciências Ana Clara Souza, o mais importante é despertar a curiosidade. "Eles descobriram que dá para fazer ciência com o que temos aqui, no nosso quintal."',
    ],
  ],
  [
    'Chuva forte derruba árvore na Rua Tiradentes e deixa bairros sem energia',
    'Ninguém ficou ferido. A Defesa Civil orienta moradores a não se abrigar embaixo de árvores durante temporais.',
    [
      'O temporal da noite de terça-feira derrubou uma árvore de grande porte na Rua Tiradentes, no Centro. O tronco atingiu a rede elétrica e deixou parte do Centro, do São Benedito e da Bela Vista sem energia por cerca de cinco horas.',
      'Ninguém ficou ferido. Um carro estacionado teve o para-brisa danificado. Equipes da prefeitura e da companhia de energia trabalharam durante a madrugada para retirar a árvore e religar a rede.',
      'A Defesa Civil orienta a população a não se abrigar embaixo de árvores durante temporais, a evitar áreas alagadas e a comunicar árvores com sinais de risco pelo telefone 199.',
    ],
  ],
  [
    'Festival de Inverno leva música e gastronomia à praça',
    'Durante quatro fins de semana, a cidade recebe shows de MPB, sertanejo raiz e chorinho, além de barracas de comidas de inverno.',
    [
      'O Festival de Inverno de Vila Serena começa no próximo fim de semana e segue até o fim do mês. A programação inclui shows de MPB, chorinho e sertanejo raiz, sempre aos sábados, a partir das 19h.',
      'As barracas de gastronomia terão caldos, fondue de queijo da Mantiqueira, vinho quente e o famoso pastel de angu. Os produtores de cachaça da região também terão um espaço de degustação.',
      'Aos domingos à tarde, o palco será das crianças, com teatro de bonecos, contação de histórias e oficinas de pipa.',
      'O festival é gratuito e conta com o apoio dos comerciantes do Centro. A organização recomenda levar agasalho, já que as noites costumam ficar abaixo de 10 graus.',
    ],
  ],
  [
    'Posto de saúde do Santa Cruz passa a atender até as 21h',
    'O horário estendido vale de segunda a quinta-feira e atende a quem trabalha durante o dia.',
    [
      'O posto de saúde do bairro Santa Cruz passa a funcionar em horário estendido, até as 21h, de segunda a quinta-feira. A medida atende a um pedido dos moradores que trabalham durante o dia e não conseguiam marcar consultas.',
      'No período noturno, haverá atendimento de clínico geral, enfermagem, curativos e vacinação. As consultas podem ser agendadas pessoalmente ou pelo telefone da unidade.',
      'Se a procura for boa, a secretaria de saúde estuda levar o horário estendido também para o posto da Vila Nova.',
    ],
  ],
  [
    'Corrida rústica de Vila Serena abre inscrições',
    'A prova terá percursos de 5 km e 10 km pelas estradas de terra da zona rural, com largada na Praça da Matriz.',
    [
      'Estão abertas as inscrições para a 12ª Corrida Rústica de Vila Serena. A prova terá percursos de 5 km e 10 km, com trechos de estrada de terra e subida até o Morro do Cruzeiro.',
      'A largada será às 7h na Praça da Matriz. Haverá também uma caminhada de 3 km, aberta a todas as idades, e uma corrida kids no gramado da praça.',
      'A inscrição custa um pacote de fralda geriátrica, que será doado ao asilo São Vicente. Os primeiros 300 inscritos ganham camiseta e medalha de participação.',
      'As inscrições podem ser feitas na secretaria de esportes, no ginásio poliesportivo, até a quarta-feira anterior à prova.',
    ],
  ],
  [
    'Prefeitura oferece castração gratuita de cães e gatos',
    'Serão 200 vagas neste mutirão, com prioridade para famílias cadastradas em programas sociais e protetores independentes.',
    [
      'A prefeitura de Vila Serena, em parceria com uma clínica veterinária da cidade, vai realizar um mutirão de castração gratuita de cães e gatos. Serão 200 vagas nesta primeira etapa.',
      'Têm prioridade famílias inscritas em programas sociais e protetores independentes que cuidam de animais de rua. O cadastro deve ser feito no setor de meio ambiente, com comprovante de endereço.',
      'A veterinária Larissa Duarte, que coordena o mutirão, lembra que a castração é a forma mais eficaz de reduzir o abandono. "Cada castração evita dezenas de filhotes sem lar nos próximos anos."',
      'Os animais precisam estar em jejum de 8 horas no dia da cirurgia. Cães devem ir de coleira e gatos em caixa de transporte.',
    ],
  ],
  [
    'Morro do Cruzeiro ganha iluminação de LED e nova escadaria',
    'As obras tornam mais seguro o acesso ao mirante, um dos pontos mais visitados da cidade ao pôr do sol.',
    [
      'O acesso ao mirante do Morro do Cruzeiro está mais seguro. A prefeitura concluiu a instalação de 35 postes com iluminação de LED ao longo da subida e a reforma completa da escadaria de pedra.',
      'O mirante é um dos pontos mais visitados da cidade, principalmente no fim da tarde, e moradores reclamavam da falta de luz na descida. "Agora dá para ver o pôr do sol e voltar tranquilo", comentou um frequentador.',
      'A próxima etapa prevê a instalação de bancos, lixeiras e placas com a história do cruzeiro, erguido no início do século passado.',
    ],
  ],
  [
    'Coral da Matriz vai representar a cidade em encontro regional',
    'O grupo, formado por 32 vozes, ensaia duas vezes por semana e busca novos integrantes, especialmente tenores.',
    [
      'O Coral da Matriz de Vila Serena foi selecionado para participar do Encontro Regional de Corais, que reúne grupos de 15 cidades do Sul de Minas. É a primeira vez que o coral se apresenta fora da cidade.',
      'Formado por 32 vozes, o grupo tem integrantes de 16 a 82 anos. O repertório inclui música sacra, modinhas mineiras e canções de Milton Nascimento.',
      'Os ensaios acontecem às terças e quintas, às 19h30, no salão paroquial. O maestro Vinícius Moura convida quem gosta de cantar a participar, especialmente homens com voz de tenor.',
    ],
  ],
  [
    'Festa de São Benedito reúne milhares de fiéis e congadeiros',
    'A celebração do padroeiro do bairro teve procissão, levantamento de mastro e apresentação de grupos de congado de cinco cidades.',
    [
      'A Festa de São Benedito, uma das mais antigas de Vila Serena, reuniu milhares de pessoas no fim de semana. A programação começou na sexta-feira com o levantamento do mastro e seguiu com missas, procissão e muita música.',
      'O ponto alto foi o encontro de congadeiros, com grupos de cinco cidades da região desfilando pelas ruas do bairro São Benedito com suas bandeiras, tambores e roupas coloridas.',
      'A comunidade serviu almoço gratuito no domingo para mais de mil pessoas. A tradição, segundo os organizadores, vem desde o início do século passado.',
      'Toda a renda das barracas será usada na reforma do telhado da capela de São Benedito.',
    ],
  ],
  [
    'Cursos gratuitos de informática e confeitaria abrem inscrições',
    'As turmas acontecem no Centro de Convivência, com certificado, e são voltadas para quem busca o primeiro emprego ou uma renda extra.',
    [
      'O Centro de Convivência de Vila Serena abriu inscrições para cursos gratuitos de informática básica, confeitaria e auxiliar administrativo. As aulas começam no início do próximo mês.',
      'Os cursos têm duração de oito semanas, com aulas duas vezes por semana, no período da tarde ou da noite. Todos os alunos com frequência mínima de 75% recebem certificado.',
      'As vagas são limitadas e podem ser preenchidas por pessoas a partir de 16 anos. Para se inscrever, é preciso levar documento com foto e comprovante de endereço.',
      'A secretaria de assistência social informou que novas turmas de costura e de manutenção de celulares devem ser abertas no semestre que vem.',
    ],
  ],
  [
    'Feira de adoção encontra lar para 23 cães e gatos',
    'O evento, realizado no sábado na Praça da Matriz, foi organizado por protetores independentes e pelo pet shop da cidade.',
    [
      'Vinte e três animais ganharam uma nova família na feira de adoção realizada no sábado, na Praça da Matriz. Foram 15 cães e 8 gatos, todos vacinados, vermifugados e castrados.',
      'A feira foi organizada por um grupo de protetores independentes com o apoio de pet shops da cidade, que doaram ração e kits de boas-vindas para os novos tutores.',
      'Os interessados passaram por uma conversa com os voluntários e assinaram um termo de adoção responsável. Nas próximas semanas, os protetores devem visitar os animais nas novas casas.',
      'A próxima feira está marcada para daqui a dois meses. Quem quiser ajudar como lar temporário pode procurar o grupo pelas redes sociais.',
    ],
  ],
  [
    'Recapeamento da Avenida Getúlio Vargas altera o trânsito por duas semanas',
    'O trecho entre a rodoviária e a ponte terá meia pista interditada durante o dia. Linhas de ônibus seguem por desvio.',
    [
      'Começa na segunda-feira o recapeamento da Avenida Getúlio Vargas, entre a rodoviária e a ponte do Ribeirão das Pedras. A obra deve durar cerca de duas semanas.',
      'Durante o dia, das 7h às 17h, apenas meia pista ficará liberada, com sistema de pare e siga. À noite e nos fins de semana, o trânsito volta ao normal.',
      'As linhas de ônibus que passam pela avenida vão usar a Rua da Cachoeira como desvio. A secretaria de trânsito recomenda que motoristas evitem o trecho nos horários de pico.',
      'Depois do recapeamento, a avenida receberá nova sinalização horizontal e duas faixas elevadas de pedestres em frente às escolas.',
    ],
  ],
];

// ---------------------------------------------------------------- builder

function neighbourhoodFor(rng: Rng): string {
  // The Centro concentrates commerce in small towns, so it is favoured.
  return rng() < 0.3 ? 'Centro' : pick(rng, TOWN.neighbourhoods);
}

/** Second-hand prices cluster on round figures; a few shop-style ".90" prices add variety. */
function marketPrice(rng: Rng, base: number): number {
  const raw = base * (0.88 + rng() * 0.24);
  const step = raw < 100 ? 5 : raw < 1000 ? 10 : 50;
  let price = Math.max(35, Math.min(8500, Math.round(raw / step) * step));
  if (price < 500 && rng() < 0.25) price -= 0.1;
  return Math.round(price * 100) / 100;
}

export function buildDemoTown(seed = 2026): {
  users: SeedUser[];
  businesses: SeedBusiness[];
  services: SeedService[];
  drivers: SeedDriver[];
  sellItems: SeedSellItem[];
  posts: SeedPost[];
  news: SeedNews[];
  votes: TownVote[];
} {
  const rng = createRandom(seed);
  const draw: Draw = { rng, phones: phoneBook(rng), color: () => pick(rng, PALETTE) };
  const users = townUsers(draw);
  const userKeys = users.map((u) => u.key);
  const businesses = townBusinesses(draw, userKeys);
  const services = townServices(draw, userKeys);
  const drivers = townDrivers(draw);
  const sellItems = townSellItems(draw, userKeys);
  const posts = townPosts(draw, userKeys);
  const votes = townVotes(draw, posts, userKeys);
  const news = townNews(draw);
  return { users, businesses, services, drivers, sellItems, posts, news, votes };
}

type TownVote = { postIndex: number; userKey: string; optionIndex: number };

/** The demo town's random draws, shared in order by each part of it (the town depends on that order). */
type Draw = { rng: Rng; phones: ReturnType<typeof phoneBook>; color: () => string };

/** The residents, with a phone, a birth date and an avatar colour each. */
function townUsers(draw: Draw): SeedUser[] {
  const users: SeedUser[] = USERS.map(([fullName, username, bio]) => {
    const year = int(draw.rng, 1956, 2005);
    const { phone } = draw.phones.mobile();
    return {
      key: username,
      fullName,
      username,
      email: `${username.replace(/_/g, '.')}@exemplo.com.br`,
      bio,
      phone,
      birthDate: `${year}-${pad2(int(draw.rng, 1, 12))}-${pad2(int(draw.rng, 1, 28))}`,
      avatarColor: draw.color(),
    };
  });
  return users;
}

/**
 * What each trade does on holidays (issue #32), drawn from no random number so the town stays
 * byte-identical: bakeries and markets open a short morning, pharmacies, bars, restaurants
 * and round-the-clock places keep their hours, the rest close.
 */
const HOLIDAY_PLANS: Record<string, Pick<SeedBusiness, 'holidayMode' | 'holidayOpensAt' | 'holidayClosesAt'>> = {
  Padaria: { holidayMode: 'special', holidayOpensAt: '07:00', holidayClosesAt: '12:00' },
  Mercado: { holidayMode: 'special', holidayOpensAt: '08:00', holidayClosesAt: '13:00' },
  Farmácia: { holidayMode: 'normal', holidayOpensAt: null, holidayClosesAt: null },
  Bar: { holidayMode: 'normal', holidayOpensAt: null, holidayClosesAt: null },
  Restaurante: { holidayMode: 'normal', holidayOpensAt: null, holidayClosesAt: null },
};

function holidayPlanFor(category: string, hours: OpeningHours | null): Pick<SeedBusiness, 'holidayMode' | 'holidayOpensAt' | 'holidayClosesAt'> {
  if (hours && Object.values(hours).every((d) => d.open && d.opensAt === '00:00' && d.closesAt === '23:59')) {
    return { holidayMode: 'normal', holidayOpensAt: null, holidayClosesAt: null };
  }
  return HOLIDAY_PLANS[category] ?? { holidayMode: 'closed', holidayOpensAt: null, holidayClosesAt: null };
}

export type SeedTownHoliday = { day: string; name: string; scope: 'estadual' | 'municipal' };
export type SeedSpecialDate = { business: string; startsOn: string; endsOn: string; open: boolean; opensAt: string | null; closesAt: string | null; note: string };

/**
 * The town's own holidays and a few businesses' special dates for `year` and the next (the
 * seed passes the year it runs in): Vila Serena's anniversary and its patron saint's day, a
 * shop's January vacation, a shop open on the Sunday before Christmas.
 */
export function demoCalendar(year: number): { townHolidays: SeedTownHoliday[]; specialDates: SeedSpecialDate[] } {
  const townHolidays: SeedTownHoliday[] = [];
  for (const y of [year, year + 1]) {
    townHolidays.push({ day: `${y}-03-19`, name: 'Dia de São José, padroeiro de Vila Serena', scope: 'municipal' });
    townHolidays.push({ day: `${y}-12-08`, name: 'Aniversário de Vila Serena', scope: 'municipal' });
  }
  // The Sunday before Christmas: 25 December's weekday, stepped back to a Sunday.
  const christmas = new Date(Date.UTC(year, 11, 25));
  const sunday = new Date(christmas.getTime() - (christmas.getUTCDay() || 7) * 86_400_000).toISOString().slice(0, 10);
  return {
    townHolidays,
    specialDates: [
      { business: 'Auto Mecânica Irmãos Pereira', startsOn: `${year + 1}-01-10`, endsOn: `${year + 1}-01-20`, open: false, opensAt: null, closesAt: null, note: 'férias coletivas' },
      { business: 'Pet Shop Amigo Fiel', startsOn: sunday, endsOn: sunday, open: true, opensAt: '09:00', closesAt: '13:00', note: 'domingo antes do Natal' },
    ],
  };
}

/** Issue #32: the pharmacies that share the town's duty rota, in turn (the 24 h one and the compounding one stay out). */
const DUTY_ROTA = ['Farmácia Bom Jesus', 'Drogaria Popular Vila Serena', 'Farmácia São Benedito', 'Drogaria Saúde & Vida'];

/**
 * The demo rota: a 24 h turn from 08:00 on the town's clock, the pharmacies in turn, from the
 * day before `today` ("YYYY-MM-DD") for two weeks: { name, start, end } as the rota CSV writes them.
 */
export function demoRota(today: string): { name: string; start: string; end: string }[] {
  const day = (offset: number) => new Date(Date.parse(`${today}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  return Array.from({ length: 15 }, (_, i) => ({ name: DUTY_ROTA[i % DUTY_ROTA.length]!, start: `${day(i - 1)} 08:00`, end: `${day(i)} 08:00` }));
}

/** The businesses of every category, 15 of them owned by distinct residents. */
function townBusinesses(draw: Draw, userKeys: string[]): SeedBusiness[] {
  const businesses: SeedBusiness[] = [];
  for (const [category, defs] of Object.entries(BUSINESSES)) {
    const variants = HOURS_BY_CATEGORY[category];
    if (!variants) throw new Error(`seed-data: no hours for category ${category}`);
    for (const def of defs) {
      const mobile = draw.phones.mobile();
      const slug = slugify(def.name).slice(0, 28);
      const openingHours =
        def.hours !== undefined
          ? def.hours
          : at(variants, def.variant ?? Math.floor(draw.rng() * variants.length))();
      businesses.push({
        name: def.name,
        category,
        description: def.description,
        address: `${pick(draw.rng, STREETS)}, ${int(draw.rng, 12, 1480)}`,
        neighbourhood: def.neighbourhood ?? neighbourhoodFor(draw.rng),
        phone: def.landline ? draw.phones.landline() : mobile.phone,
        whatsapp: mobile.whatsapp,
        // Stored without "@" so the UI can build both the label and the profile URL.
        instagram: draw.rng() < 0.75 ? slug : null,
        // A subdomain of the demo domain, so no demo link ever points at a real company.
        website: draw.rng() < 0.2 ? `https://${slug}.exemplo.com.br` : null,
        openingHours,
        ownerKey: null,
        color: draw.color(),
        galleryCount: int(draw.rng, 0, 3),
        ...holidayPlanFor(category, openingHours),
      });
    }
  }
  // Exactly 15 owned listings, each with a distinct owner, so the "manage images"
  // flow can be demoed from several accounts without any account owning many shops.
  const owners = shuffle(draw.rng, userKeys);
  shuffle(draw.rng, businesses.map((_, i) => i))
    .slice(0, 15)
    .forEach((index, n) => {
      at(businesses, index).ownerKey = at(owners, n);
    });
  return businesses;
}

/** The services, about a third with an owner. */
function townServices(draw: Draw, userKeys: string[]): SeedService[] {
  const serviceOwners = shuffle(draw.rng, userKeys);
  let nextServiceOwner = 0;
  const services: SeedService[] = SERVICES.map(([name, category, description, priceInfo, neighbourhood]) => {
    const { phone, whatsapp } = draw.phones.mobile();
    return {
      name,
      category,
      description,
      neighbourhood,
      phone,
      whatsapp,
      priceInfo,
      ownerKey: draw.rng() < 0.35 ? at(serviceOwners, nextServiceOwner++) : null,
      color: draw.color(),
    };
  });
  return services;
}

/** The drivers, with their areas and working hours. */
function townDrivers(draw: Draw): SeedDriver[] {
  const drivers: SeedDriver[] = DRIVERS.map(([name, vehicleKind, vehicleDescription, shift, bio]) => {
    const { phone, whatsapp } = draw.phones.mobile();
    // Moving companies cover the whole town; riders and cabs pick their patch.
    const areas =
      vehicleKind === 'frete' || vehicleKind === 'van'
        ? [...TOWN.neighbourhoods]
        : TOWN.neighbourhoods.filter((n) => n === 'Centro' || draw.rng() < 0.45);
    return {
      name,
      vehicleKind,
      vehicleDescription,
      areas,
      phone,
      whatsapp,
      workingHours: DRIVER_SHIFTS[shift](),
      bio,
      color: draw.color(),
    };
  });
  return drivers;
}

/** The items for sale, about 15% of them sold. */
function townSellItems(draw: Draw, userKeys: string[]): SeedSellItem[] {
  const sellDefs = Object.entries(SELL_ITEMS).flatMap(([category, items]) =>
    items.map((item) => ({ category, item })),
  );
  // 12 of 80 is the requested ~15% sold.
  const soldSet = new Set(shuffle(draw.rng, sellDefs.map((_, i) => i)).slice(0, 12));
  const sellItems: SeedSellItem[] = sellDefs.map(({ category, item: [title, description, base, condition] }, i) => {
    const sold = soldSet.has(i);
    return {
      sellerKey: pick(draw.rng, userKeys),
      title,
      description,
      price: marketPrice(draw.rng, base),
      condition,
      category,
      location: neighbourhoodFor(draw.rng),
      sold,
      // Sold ads are older: it takes a while for things to sell.
      daysAgo: sold ? int(draw.rng, 8, 45) : int(draw.rng, 0, 30),
      photoCount: int(draw.rng, 1, 3),
      color: draw.color(),
    };
  });
  return sellItems;
}

/** The posts, plain and with a poll, newest first. */
function townPosts(draw: Draw, userKeys: string[]): SeedPost[] {
  // plain and poll posts interleaved so polls are spread across the feed.
  const draftPosts: SeedPost[] = [
    ...POSTS.map((content) => ({
      authorKey: pick(draw.rng, userKeys),
      content,
      daysAgo: int(draw.rng, 0, 30),
      hasImage: draw.rng() < 0.35,
      poll: null,
      color: draw.color(),
    })),
    ...POLLS.map(([content, question, options]) => ({
      authorKey: pick(draw.rng, userKeys),
      content,
      daysAgo: int(draw.rng, 0, 30),
      hasImage: false,
      poll: { question, options: [...options] },
      color: draw.color(),
    })),
  ];
  // Newest first, matching the feed, so postIndex 0 is what appears at the top.
  const posts = shuffle(draw.rng, draftPosts).sort((a, b) => a.daysAgo - b.daysAgo);
  return posts;
}

/** The residents' votes on the posts' polls. */
function townVotes(draw: Draw, posts: SeedPost[], userKeys: string[]): TownVote[] {
  const votes: TownVote[] = [];
  posts.forEach((post, postIndex) => {
    if (!post.poll) return;
    const optionCount = post.poll.options.length;
    // Uneven weights make results look like real opinions instead of an even split.
    const weights = post.poll.options.map(() => 0.2 + draw.rng());
    const total = weights.reduce((s, w) => s + w, 0);
    for (const userKey of sample(draw.rng, userKeys, int(draw.rng, 5, 20))) {
      let r = draw.rng() * total;
      let optionIndex = 0;
      while (optionIndex < optionCount - 1 && (r -= at(weights, optionIndex)) > 0) optionIndex++;
      votes.push({ postIndex, userKey, optionIndex });
    }
  });
  return votes;
}

/** The news articles, about one every three days. */
function townNews(draw: Draw): SeedNews[] {
  const news: SeedNews[] = NEWS.map(([title, summary, paragraphs], i) => ({
    authorKey: pick(draw.rng, NEWS_AUTHORS),
    title,
    summary,
    content: paragraphs.join('\n\n'),
    // Roughly one article every three days, so the news list spans two months.
    daysAgo: i * 3 + int(draw.rng, 0, 2),
    color: draw.color(),
  }));
  return news;
}

