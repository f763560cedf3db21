import {
  basisPointsToPercent,
  centsToDecimal,
  type IssuerCard,
  type PublicIssuer,
  type PublicProject,
  type PublicToken,
  type TokenCard,
  type TokenDetailResponse,
} from '@copaiba/contracts';
import { mediaUrl } from '../../lib/media.ts';
import type { IssuerRow, ProjectRow, TokenCardRow, TokenRow } from './catalogue.repo.ts';
import { installmentDates, installmentPerUnitCents } from './token-figures.ts';
import type { IdentityBox } from '../../lib/identity-box.ts';

export function toTokenCard({ token, issuer }: TokenCardRow): TokenCard {
  return {
    id: token.id,
    name: token.name,
    symbol: token.symbol,
    token_issuer__id: issuer.id,
    token_issuer__institution: issuer.institution,
    token_issuer__token_issuer_image: mediaUrl(issuer.tokenIssuerImage),
    token_issuer__logo_image: mediaUrl(issuer.logoImage),
    is_funding: token.offerStatus === 'funding',
    is_all_sold: token.offerStatus === 'all_sold',
    is_distributing: token.offerStatus === 'distributing',
    amount_capitated: centsToDecimal(token.amountCapitatedCents),
    unit_price: centsToDecimal(token.unitPriceCents),
    quantity: token.quantity,
    practiced_interest_rate: basisPointsToPercent(token.interestRateBp),
    buyers: token.buyers,
    tokens_sold: token.unitsSold,
    deadline_for_funding: token.deadlineForFunding,
  };
}

export function toIssuerCard(issuer: IssuerRow): IssuerCard {
  return {
    id: issuer.id,
    institution: issuer.institution,
    summary: issuer.summary,
    token_issuer_image: mediaUrl(issuer.tokenIssuerImage),
    logo_image: mediaUrl(issuer.logoImage),
  };
}

export function toPublicIssuer(issuer: IssuerRow, identity: IdentityBox): PublicIssuer {
  return Object.assign(toIssuerCard(issuer), {
    cnpj: issuer.cnpj,
    founding_date: issuer.foundingDate,
    site: issuer.site,
    email: issuer.email,
    phone: identity.openOrNull(issuer.phoneEnc) ?? '',
    what_to_tokenize: issuer.whatToTokenize,
    representatives: [
      [issuer.nameRepresentative, issuer.summaryRepresentative, issuer.photographyRepresentative],
      [
        issuer.nameRepresentative2,
        issuer.summaryRepresentative2,
        issuer.photographyRepresentative2,
      ],
      [
        issuer.nameRepresentative3,
        issuer.summaryRepresentative3,
        issuer.photographyRepresentative3,
      ],
    ].map(([name, summary, photo]) => ({
      name: name!,
      summary: summary!,
      photography: mediaUrl(photo),
    })),
  });
}

function toPublicToken(token: TokenRow, issuer: IssuerRow): PublicToken {
  return Object.assign(toTokenCard({ token, issuer }), {
    minimum_amount_raised: centsToDecimal(token.minimumAmountRaisedCents),
    maximum_amount_raised: centsToDecimal(token.maximumAmountRaisedCents),
    installments: token.installments,
    first_date_installment: token.firstDateInstallment,
    operation_flow: mediaUrl(token.operationFlow),
    project_structure: mediaUrl(token.projectStructure),
    project_blade: mediaUrl(token.projectBlade),
    contract_address: token.contractAddress,
    scan_hash_transaction: token.scanHashTransaction,
  });
}

function toPublicProject(p: ProjectRow): PublicProject {
  const present = (...keys: Array<string | null>) =>
    keys.filter((k): k is string => !!k).map((k) => `/media/${k}`);
  return {
    benefited_families: p.benefitedFamilies,
    production_area_size: p.productionAreaSize,
    arl_size: p.arlSize,
    territory: p.territory,
    production_volume: p.productionVolume,
    covered_sdgs: p.coveredSdgs,
    talk_about_people_involved: p.talkAboutPeopleInvolved,
    talk_about_people_involved2: p.talkAboutPeopleInvolved2,
    talk_about_people_involved3: p.talkAboutPeopleInvolved3,
    guarantees: p.guarantees,
    risks: p.risks,
    video_link: p.videoLink,
    video_link2: p.videoLink2,
    video_link3: p.videoLink3,
    representatives: [
      [p.nameRepresentative2, p.summaryRepresentative2, p.photographyRepresentative2],
      [p.nameRepresentative3, p.summaryRepresentative3, p.photographyRepresentative3],
    ]
      .filter(([name]) => !!name)
      .map(([name, summary, photo]) => ({
        name: name!,
        summary: summary ?? '',
        photography: mediaUrl(photo),
      })),
    token_issuance_term: mediaUrl(p.tokenIssuanceTerm),
    deed_of_credit: mediaUrl(p.deedOfCredit),
    project_photography: present(
      p.projectPhotography,
      p.projectPhotography2,
      p.projectPhotography3,
    ),
    impact_summary: present(p.impactSummary, p.impactSummary2, p.impactSummary3),
    report: mediaUrl(p.report),
    indicators: mediaUrl(p.indicators),
    reports_updated_at: p.reportsUpdatedAt?.toISOString() ?? null,
  };
}

export function toTokenDetail(
  row: {
    token: TokenRow;
    issuer: IssuerRow;
    project: ProjectRow | null;
    installmentsPaid: number;
    /** The database's token_units_left (packages/db/src/sql/offers.sql). */
    unitsLeft: number;
  },
  today: string,
  identity: IdentityBox,
): Omit<TokenDetailResponse, 'investor_protection'> {
  const { token } = row;
  return {
    token: toPublicToken(token, row.issuer),
    token_issuer: toPublicIssuer(row.issuer, identity),
    project: row.project ? toPublicProject(row.project) : null,
    payment_schedule: installmentDates(token).map((date, i) => ({
      date,
      installment_number: i + 1,
      status: i < row.installmentsPaid ? 'pago' : date < today ? 'atrasado' : 'pendente',
    })),
    amount_to_pay: { value: centsToDecimal(installmentPerUnitCents(token)) },
    // Only an open offer has units to sell.
    quantity_token_left: { value: token.offerStatus === 'funding' ? row.unitsLeft : 0 },
  };
}
