import {
  IconArrowBackUp,
  IconBuildingCommunity,
  IconCoins,
  IconPlant2,
  IconUserCircle,
  IconWallet,
} from '@tabler/icons-react';
import classes from './tokenization-flow.module.css';

const STEPS = [
  {
    title: 'Emissor',
    icon: IconBuildingCommunity,
    text: 'Cooperativas e associações da floresta se cadastram e passam por análise da Copaíba.',
  },
  {
    title: 'Projeto',
    icon: IconPlant2,
    text: 'O projeto é detalhado: território, famílias envolvidas, produção, garantias e riscos.',
  },
  {
    title: 'Token',
    icon: IconCoins,
    text: 'Aprovado, o token é emitido com preço unitário, prazo de captação e rentabilidade.',
  },
  {
    title: 'Investidor',
    icon: IconUserCircle,
    text: 'Você simula, escolhe a quantidade e adquire os tokens com o saldo da sua carteira.',
  },
  {
    title: 'Remuneração',
    icon: IconWallet,
    text: 'As parcelas são pagas conforme o cronograma e creditadas direto na sua carteira.',
  },
] as const;

/** The tokenisation flow (docs/product.md §1 'example tokenisation flow image'), drawn in HTML and CSS. */
export function TokenizationFlow() {
  return (
    <figure className={classes.figure}>
      <ol className={classes.steps}>
        {STEPS.map(({ title, icon: Icon, text }, index) => (
          <li key={title} className={classes.step} data-tone={index % 2 ? 'oil' : 'leaf'}>
            <span className={classes.icon} aria-hidden>
              <Icon size={28} stroke={1.6} />
            </span>
            <span className={classes.number} aria-hidden>
              {index + 1}
            </span>
            <strong className={classes.title}>{title}</strong>
            <span className={classes.text}>{text}</span>
            {index < STEPS.length - 1 && (
              <svg className={classes.arrow} viewBox="0 0 40 16" aria-hidden focusable="false">
                <path
                  d="M2 8h32M28 2l6 6-6 6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.4"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            )}
          </li>
        ))}
      </ol>
      <figcaption className={classes.caption}>
        <IconArrowBackUp size={18} stroke={1.8} aria-hidden />O ciclo se renova: a produção
        sustentável gera receita para o emissor, que remunera quem investiu.
      </figcaption>
    </figure>
  );
}
