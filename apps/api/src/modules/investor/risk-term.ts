/**
 * The Termo de Ciência de Risco an investor accepts before investing (CVM Resolução 88;
 * docs/product.md §15). A new text gets a new `version`: everyone accepts it again before their
 * next purchase.
 */
export const RISK_TERM = {
  version: '2026-11',
  text: [
    'TERMO DE CIÊNCIA DE RISCO',
    'Declaro que li e compreendi as informações abaixo antes de investir em ofertas publicadas na plataforma Copaíba, nos termos da Resolução CVM nº 88, de 27 de abril de 2022.',
    '1. As ofertas da Copaíba são ofertas públicas de valores mobiliários emitidos por sociedades empresárias de pequeno porte, dispensadas de registro na Comissão de Valores Mobiliários (CVM). A CVM não analisa previamente essas ofertas, e a plataforma não garante a veracidade das informações prestadas pelos emissores.',
    '2. O investimento envolve riscos, inclusive o de perda total do valor investido. A remuneração projetada não é garantida: depende do desempenho do projeto e da capacidade de pagamento do emissor.',
    '3. Este investimento não conta com a garantia do Fundo Garantidor de Créditos (FGC) nem de qualquer outro mecanismo de seguro ou garantia.',
    '4. Os tokens podem ter baixa liquidez: não há garantia de que seja possível vendê-los antes do fim do cronograma de parcelas.',
    '5. Se a oferta não atingir a captação mínima no prazo, ela é cancelada e o valor pago volta integralmente à minha carteira.',
    '6. Posso desistir de uma compra no prazo de desistência informado na oferta, enquanto ela estiver em captação, e receber de volta o valor integral pago.',
    '7. Como investidor não qualificado, devo respeitar o limite anual de investimento em ofertas de crowdfunding, somando o que invisto em todas as plataformas, e declarar corretamente minha renda, minhas aplicações financeiras e o que já investi em outras plataformas no ano.',
    '8. Devo ler as Informações Essenciais de cada oferta antes de investir e diversificar meus investimentos de acordo com meu perfil.',
  ].join('\n\n'),
} as const;
