import type { OfferStatus, TokenStatus } from '@copaiba/db';
import { monthDay } from './demo-calendar.ts';

export interface DemoIssuer {
  institution: string;
  initials: string;
  cnpjBase: string;
  foundingDate: string;
  city: string;
  site: string;
  email: string;
  phone: string;
  summary: string;
  whatToTokenize: string;
  representatives: Array<[name: string, summary: string]>;
}

export interface DemoToken {
  issuer: number;
  name: string;
  symbol: string;
  unitPrice: bigint;
  rateBp: number;
  quantity: number;
  minimumRaise: bigint;
  maximumRaise: bigint;
  deadline: string;
  installments: number;
  firstInstallment: string;
  status: TokenStatus;
  offer: OfferStatus | null;
  soldShare: number;
  product: string;
  families: number;
  areaHa: number;
  arlHa: number;
  volume: string;
  sdgs: string;
  /** Another token of the same issuer whose project pictures this one shows (same land, same people). */
  picturesOf?: string;
  /** When its creator registered it, for an offer whose history the seed runs. */
  registered?: string;
}

export const demoIssuers: DemoIssuer[] = [
  {
    institution: 'Cooperativa Agroextrativista do Rio Jari',
    initials: 'CARJ',
    cnpjBase: '12345678',
    foundingDate: '2004-06-18',
    city: 'Laranjal do Jari (AP)',
    site: 'https://coopjari.example.org',
    email: 'contato@coopjari.example.org',
    phone: '+55 (96) 9 9123-4567',
    summary:
      'Reúne 214 famílias extrativistas do vale do Rio Jari que coletam castanha-do-brasil em áreas de floresta nativa, com beneficiamento próprio e certificação orgânica.',
    whatToTokenize:
      'Capital de giro para a compra antecipada da safra de castanha e ampliação da usina de beneficiamento.',
    representatives: [
      ['Raimunda Tavares', 'Presidente da cooperativa, castanheira desde os 12 anos.'],
      ['José Carlos Pantoja', 'Tesoureiro, responsável pela prestação de contas aos cooperados.'],
      ['Ana Lúcia Furtado', 'Engenheira florestal, coordena o manejo das castanheiras.'],
    ],
  },
  {
    institution: 'Associação dos Açaizeiros do Marajó',
    initials: 'AAM',
    cnpjBase: '23456789',
    foundingDate: '2009-03-02',
    city: 'Breves (PA)',
    site: 'https://acaimarajo.example.org',
    email: 'associacao@acaimarajo.example.org',
    phone: '+55 (91) 9 9234-5678',
    summary:
      'Associação de ribeirinhos que manejam açaizais nativos nas várzeas do Marajó, com boas práticas de colheita e rastreabilidade do fruto até a agroindústria.',
    whatToTokenize: 'Manejo de açaizais nativos e uma agroindústria comunitária de polpa.',
    representatives: [
      ['Manoel Gonçalves', 'Presidente da associação e peconheiro experiente.'],
      ['Benedita Cardoso', 'Coordenadora da agroindústria de polpa.'],
      ['Paulo Sérgio Nunes', 'Técnico agrícola, acompanha o manejo das touceiras.'],
    ],
  },
  {
    institution: 'Cooperativa de Óleos Florestais do Juruá',
    initials: 'COFJ',
    cnpjBase: '34567890',
    foundingDate: '2011-09-14',
    city: 'Cruzeiro do Sul (AC)',
    site: 'https://oleosjurua.example.org',
    email: 'vendas@oleosjurua.example.org',
    phone: '+55 (68) 9 9345-6789',
    summary:
      'Produz óleos de copaíba e andiroba extraídos sem derrubar árvores, por famílias de seringueiros do Alto Juruá, para as indústrias farmacêutica e cosmética.',
    whatToTokenize: 'Equipamentos de extração e estoque regulador de óleos florestais.',
    representatives: [
      ['Francisca das Chagas', 'Presidente, lidera a cooperativa desde a fundação.'],
      ['Antônio Melo', 'Responsável pelo controle de qualidade dos óleos.'],
      ['Luiza Maia', 'Gestora comercial e de exportação.'],
    ],
  },
  {
    institution: 'Instituto Floresta em Pé do Tapajós',
    initials: 'IFPT',
    cnpjBase: '45678901',
    foundingDate: '2015-11-05',
    city: 'Santarém (PA)',
    site: 'https://florestaempe.example.org',
    email: 'contato@florestaempe.example.org',
    phone: '+55 (93) 9 9456-7890',
    summary:
      'Organização que protege 18 mil hectares de floresta no Tapajós com comunidades tradicionais, monitoramento por satélite e pagamento por serviços ambientais.',
    whatToTokenize: 'Conservação florestal com pagamento por serviços ambientais às comunidades.',
    representatives: [
      ['Marcos Kumaruara', 'Liderança indígena e diretor do instituto.'],
      ['Helena Siqueira', 'Bióloga, coordena o monitoramento da floresta.'],
      ['Rodrigo Batista', 'Diretor financeiro.'],
    ],
  },
  {
    institution: 'Rede de Meliponicultores do Xingu',
    initials: 'RMX',
    cnpjBase: '56789012',
    foundingDate: '2017-04-22',
    city: 'Altamira (PA)',
    site: 'https://melxingu.example.org',
    email: 'rede@melxingu.example.org',
    phone: '+55 (93) 9 9567-8901',
    summary:
      'Rede de 96 famílias que criam abelhas nativas sem ferrão e produzem mel, própolis e pólen, polinizando roças e quintais agroflorestais.',
    whatToTokenize: 'Meliponários, casa do mel comunitária e certificação sanitária.',
    representatives: [
      ['Iracema Juruna', 'Coordenadora da rede.'],
      ['Sebastião Lima', 'Meliponicultor e instrutor de boas práticas.'],
      ['Camila Rocha', 'Zootecnista, responsável técnica.'],
    ],
  },
  {
    institution: 'Cooperativa de Pesca Manejada do Médio Solimões',
    initials: 'CPMS',
    cnpjBase: '67890123',
    foundingDate: '2008-08-30',
    city: 'Tefé (AM)',
    site: 'https://pirarucumanejado.example.org',
    email: 'cooperativa@pirarucumanejado.example.org',
    phone: '+55 (97) 9 9678-9012',
    summary:
      'Pescadores que recuperaram os estoques de pirarucu em lagos manejados, com contagem anual dos peixes e cota de pesca autorizada pelo Ibama.',
    whatToTokenize: 'Pesca manejada do pirarucu e um entreposto comunitário com câmara fria.',
    representatives: [
      ['Edivaldo Pereira', 'Presidente e pescador manejador.'],
      ['Rosilene Mendes', 'Secretária e coordenadora da vigilância dos lagos.'],
      ['Tiago Araújo', 'Engenheiro de pesca.'],
    ],
  },
];

/**
 * People who asked to issue tokens ('Seja Emissor': their issuer is registered) and wait for an
 * administrator's decision on /access-control. They cannot sign in.
 */
export interface WaitingCreator {
  name: string;
  email: string;
  /** Also asked to manage projects. */
  alsoManager: boolean;
  /** How long ago they asked. */
  daysAgo: number;
  issuer: DemoIssuer;
}

export const waitingCreators: WaitingCreator[] = [
  {
    name: 'Lucinete Baía',
    email: 'emissor7@copaiba.dev',
    alsoManager: false,
    daysAgo: 6,
    issuer: {
      institution: 'Cooperativa do Cacau Nativo do Baixo Tocantins',
      initials: 'CCBT',
      cnpjBase: '78901234',
      foundingDate: '2012-05-09',
      city: 'Cametá (PA)',
      site: 'https://cacaunativo.example.org',
      email: 'contato@cacaunativo.example.org',
      phone: '+55 (91) 9 9789-0123',
      summary:
        'Ribeirinhos das ilhas de Cametá que colhem cacau nativo de várzea e fazem amêndoas fermentadas e chocolate de origem.',
      whatToTokenize: 'Casa de fermentação e secagem do cacau e capital de giro da safra.',
      representatives: [
        ['Lucinete Baía', 'Presidente da cooperativa e produtora de cacau de várzea.'],
        ['Raimundo Farias', 'Responsável pela fermentação e pela qualidade das amêndoas.'],
        ['Elza Pinheiro', 'Tesoureira e coordenadora de vendas.'],
      ],
    },
  },
  {
    name: 'Moisés Apurinã',
    email: 'emissor8@copaiba.dev',
    alsoManager: true,
    daysAgo: 2,
    issuer: {
      institution: 'Associação das Artesãs de Sementes do Purus',
      initials: 'AASP',
      cnpjBase: '89012345',
      foundingDate: '2016-02-14',
      city: 'Lábrea (AM)',
      site: 'https://sementesdopurus.example.org',
      email: 'associacao@sementesdopurus.example.org',
      phone: '+55 (97) 9 9890-1234',
      summary:
        'Artesãs indígenas e ribeirinhas do Purus que coletam sementes nativas para biojoias e para a restauração florestal.',
      whatToTokenize: 'Banco comunitário de sementes nativas e ateliê de biojoias.',
      representatives: [
        ['Moisés Apurinã', 'Coordenador da associação e coletor de sementes.'],
        ['Dalva Paumari', 'Artesã, ensina as técnicas de biojoias às mais jovens.'],
        ['Renata Lobo', 'Engenheira florestal, cuida do banco de sementes.'],
      ],
    },
  },
];

const t = (token: DemoToken) => token;

export const demoTokens: DemoToken[] = [
  t({
    issuer: 0,
    name: 'Castanha do Jari Safra 2027',
    symbol: 'CAST27',
    unitPrice: 100_00n,
    rateBp: 1450,
    quantity: 3000,
    minimumRaise: 120_000_00n,
    maximumRaise: 300_000_00n,
    deadline: '2027-02-26',
    installments: 12,
    firstInstallment: '2027-04-15',
    status: 'issued',
    offer: 'funding',
    soldShare: 0.38,
    product: 'castanha-do-brasil',
    families: 214,
    areaHa: 42_000,
    arlHa: 33_600,
    volume: '380 toneladas por safra',
    sdgs: 'ODS 1, 8, 12 e 15',
  }),
  t({
    issuer: 0,
    name: 'Castanha do Jari Safra 2028',
    symbol: 'CAST28',
    unitPrice: 100_00n,
    rateBp: 1500,
    quantity: 3500,
    minimumRaise: 150_000_00n,
    maximumRaise: 350_000_00n,
    deadline: '2027-12-17',
    installments: 12,
    firstInstallment: '2028-03-15',
    status: 'released',
    offer: null,
    soldShare: 0,
    product: 'castanha-do-brasil',
    families: 230,
    areaHa: 42_000,
    arlHa: 33_600,
    volume: '420 toneladas por safra',
    sdgs: 'ODS 1, 8, 12 e 15',
  }),
  t({
    issuer: 1,
    name: 'Açaí Manejado do Marajó',
    symbol: 'ACAI27',
    unitPrice: 50_00n,
    rateBp: 1200,
    quantity: 6000,
    minimumRaise: 120_000_00n,
    maximumRaise: 300_000_00n,
    deadline: '2027-01-29',
    installments: 10,
    firstInstallment: '2027-03-10',
    status: 'issued',
    offer: 'funding',
    soldShare: 0.72,
    product: 'açaí',
    families: 138,
    areaHa: 2_400,
    arlHa: 1_900,
    volume: '900 toneladas de fruto por ano',
    sdgs: 'ODS 2, 8 e 15',
  }),
  t({
    issuer: 1,
    name: 'Agroindústria de Polpa Marajoara',
    symbol: 'POLPA',
    unitPrice: 250_00n,
    rateBp: 1650,
    quantity: 800,
    minimumRaise: 100_000_00n,
    maximumRaise: 200_000_00n,
    deadline: '2027-03-31',
    installments: 12,
    firstInstallment: '2027-06-10',
    status: 'issued',
    offer: 'all_sold',
    soldShare: 1,
    product: 'polpa de açaí',
    families: 138,
    areaHa: 2_400,
    arlHa: 1_900,
    volume: '260 toneladas de polpa por ano',
    sdgs: 'ODS 8, 9 e 12',
  }),
  t({
    issuer: 2,
    name: 'Óleo de Copaíba do Juruá',
    symbol: 'COPA27',
    unitPrice: 200_00n,
    rateBp: 1300,
    quantity: 1500,
    minimumRaise: 90_000_00n,
    maximumRaise: 300_000_00n,
    deadline: '2027-02-12',
    installments: 6,
    firstInstallment: '2027-05-05',
    status: 'issued',
    offer: 'funding',
    soldShare: 0.15,
    product: 'óleo de copaíba',
    families: 87,
    areaHa: 15_500,
    arlHa: 12_400,
    volume: '12 mil litros de óleo por ano',
    sdgs: 'ODS 3, 8 e 15',
  }),
  t({
    issuer: 2,
    name: 'Andiroba Sustentável',
    symbol: 'ANDI',
    unitPrice: 100_00n,
    rateBp: 1100,
    quantity: 1200,
    minimumRaise: 60_000_00n,
    maximumRaise: 120_000_00n,
    deadline: '2026-09-30',
    installments: 6,
    firstInstallment: '2026-12-15',
    status: 'issued',
    offer: 'distributing',
    soldShare: 0.86,
    product: 'óleo de andiroba',
    families: 64,
    areaHa: 9_800,
    arlHa: 7_840,
    volume: '8 mil litros de óleo por ano',
    sdgs: 'ODS 3, 8 e 15',
  }),
  t({
    issuer: 3,
    name: 'Floresta em Pé Tapajós',
    symbol: 'TAPA',
    unitPrice: 1_000_00n,
    rateBp: 900,
    quantity: 400,
    minimumRaise: 150_000_00n,
    maximumRaise: 400_000_00n,
    deadline: '2027-03-19',
    installments: 12,
    firstInstallment: '2027-06-01',
    status: 'issued',
    offer: 'funding',
    soldShare: 0.55,
    product: 'conservação florestal',
    families: 310,
    areaHa: 18_000,
    arlHa: 18_000,
    volume: '18 mil hectares protegidos',
    sdgs: 'ODS 13 e 15',
  }),
  t({
    issuer: 3,
    name: 'Viveiro de Mudas Nativas',
    symbol: 'MUDAS',
    unitPrice: 100_00n,
    rateBp: 1000,
    quantity: 1000,
    minimumRaise: 50_000_00n,
    maximumRaise: 100_000_00n,
    deadline: '2027-06-30',
    installments: 8,
    firstInstallment: '2027-09-01',
    status: 'incomplete',
    offer: null,
    soldShare: 0,
    product: 'mudas nativas',
    families: 40,
    areaHa: 12,
    arlHa: 0,
    volume: '250 mil mudas por ano',
    sdgs: 'ODS 13 e 15',
  }),
  t({
    issuer: 4,
    name: 'Mel de Abelhas Nativas do Xingu',
    symbol: 'MELX',
    unitPrice: 50_00n,
    rateBp: 1250,
    quantity: 2000,
    minimumRaise: 40_000_00n,
    maximumRaise: 100_000_00n,
    deadline: '2027-04-16',
    installments: 8,
    firstInstallment: '2027-07-01',
    status: 'issued',
    offer: 'funding',
    soldShare: 0.05,
    product: 'mel de abelhas sem ferrão',
    families: 96,
    areaHa: 1_100,
    arlHa: 880,
    volume: '14 toneladas de mel por ano',
    sdgs: 'ODS 2, 8 e 15',
  }),
  t({
    issuer: 4,
    name: 'Casa do Mel Comunitária',
    symbol: 'CMEL',
    unitPrice: 100_00n,
    rateBp: 1400,
    quantity: 600,
    minimumRaise: 30_000_00n,
    maximumRaise: 60_000_00n,
    deadline: '2027-01-15',
    installments: 6,
    firstInstallment: '2027-03-01',
    status: 'issued',
    offer: 'all_sold',
    soldShare: 1,
    product: 'mel de abelhas sem ferrão',
    families: 96,
    areaHa: 1_100,
    arlHa: 880,
    volume: '6 toneladas de mel envasado por ano',
    sdgs: 'ODS 8 e 9',
  }),
  t({
    issuer: 5,
    name: 'Pirarucu Manejado do Solimões',
    symbol: 'PIRA',
    unitPrice: 200_00n,
    rateBp: 1350,
    quantity: 1000,
    minimumRaise: 100_000_00n,
    maximumRaise: 200_000_00n,
    deadline: '2026-10-30',
    installments: 10,
    firstInstallment: '2027-01-20',
    status: 'issued',
    offer: 'distributing',
    soldShare: 0.78,
    product: 'pirarucu manejado',
    families: 176,
    areaHa: 64_000,
    arlHa: 51_200,
    volume: '1.200 peixes por temporada',
    sdgs: 'ODS 2, 14 e 15',
  }),
  t({
    issuer: 5,
    name: 'Entreposto e Câmara Fria',
    symbol: 'FRIG',
    unitPrice: 500_00n,
    rateBp: 1550,
    quantity: 500,
    minimumRaise: 120_000_00n,
    maximumRaise: 250_000_00n,
    deadline: '2027-02-05',
    installments: 12,
    firstInstallment: '2027-05-20',
    status: 'issued',
    offer: 'funding',
    soldShare: 0.9,
    product: 'pescado manejado',
    families: 176,
    areaHa: 64_000,
    arlHa: 51_200,
    volume: '90 toneladas de pescado por ano',
    sdgs: 'ODS 8, 9 e 14',
  }),
  t({
    issuer: 0,
    name: 'Castanha do Jari Safra 2029',
    symbol: 'CAST29',
    unitPrice: 100_00n,
    rateBp: 1550,
    quantity: 4000,
    minimumRaise: 160_000_00n,
    maximumRaise: 400_000_00n,
    deadline: '2028-12-15',
    installments: 12,
    firstInstallment: '2029-03-15',
    status: 'incomplete',
    offer: null,
    soldShare: 0,
    product: 'castanha-do-brasil',
    families: 240,
    areaHa: 42_000,
    arlHa: 33_600,
    volume: '450 toneladas por safra',
    sdgs: 'ODS 1, 8, 12 e 15',
  }),
  t({
    issuer: 0,
    name: 'Secagem Solar da Castanha',
    symbol: 'SECA',
    unitPrice: 50_00n,
    rateBp: 1200,
    quantity: 1200,
    minimumRaise: 30_000_00n,
    maximumRaise: 60_000_00n,
    deadline: '2027-01-22',
    installments: 8,
    firstInstallment: '2027-03-20',
    status: 'issued',
    offer: 'all_sold',
    soldShare: 1,
    product: 'castanha-do-brasil',
    families: 214,
    areaHa: 42_000,
    arlHa: 33_600,
    volume: '120 secadores solares em 38 comunidades',
    sdgs: 'ODS 1, 8, 12 e 15',
    picturesOf: 'CAST27',
  }),
];

/**
 * The offers the demo's history runs (demo-history.ts): registered with their projects, then
 * issued, bought, closed and paid over the months before `today`, so their dates follow the day
 * the seed runs. One succeeds and pays installments; the other misses its minimum and refunds.
 */
export function historyTokens(today: string): DemoToken[] {
  const castanha = {
    issuer: 0,
    status: 'released',
    offer: null,
    soldShare: 0,
    product: 'castanha-do-brasil',
    families: 214,
    areaHa: 42_000,
    arlHa: 33_600,
    sdgs: 'ODS 1, 8, 12 e 15',
    picturesOf: 'CAST27',
  } as const;
  return [
    t({
      ...castanha,
      name: 'Usina de Beneficiamento da Castanha',
      symbol: 'USINA',
      unitPrice: 100_00n,
      rateBp: 1300,
      quantity: 1500,
      minimumRaise: 80_000_00n,
      maximumRaise: 150_000_00n,
      deadline: monthDay(today, 6, 20),
      installments: 12,
      firstInstallment: monthDay(today, 5, 10),
      registered: monthDay(today, 10, 14),
      volume: '600 toneladas beneficiadas por ano',
    }),
    t({
      ...castanha,
      name: 'Óleo de Castanha Prensado a Frio',
      symbol: 'OLEOC',
      unitPrice: 200_00n,
      rateBp: 1400,
      quantity: 800,
      minimumRaise: 100_000_00n,
      maximumRaise: 160_000_00n,
      deadline: monthDay(today, 4, 25),
      installments: 10,
      firstInstallment: monthDay(today, -1, 15),
      registered: monthDay(today, 8, 20),
      volume: '40 mil litros de óleo por ano',
    }),
  ];
}
