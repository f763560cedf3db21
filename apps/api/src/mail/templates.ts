import type { MailContent } from './mailer.ts';

/** Every text a person typed or a record holds goes through this before it enters a mail's HTML. */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const DEFAULT_FOOTER =
  'Você recebeu este e-mail porque seu endereço foi usado na Copaíba. Se não foi você, ignore esta mensagem.';

/** The product's look: the green band with the name, a white card, a quiet footer. */
function layout(title: string, bodyHtml: string, footerHtml = escapeHtml(DEFAULT_FOOTER)): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f7f2;font-family:Arial,Helvetica,sans-serif;color:#1d2b1f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#1f5130;color:#ffffff;padding:20px 28px;font-size:22px;font-weight:bold">Copaíba</td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#5b6b5e;background:#eef3ec">${footerHtml}</td></tr>
</table></td></tr></table></body></html>`;
}

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#1f5130;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>`;

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const greeting = (name: string) => `Olá, ${firstName(name)}!`;

export function confirmationMail(name: string, code: string, ttlHours: number): MailContent {
  return {
    subject: `Seu código de confirmação Copaíba: ${code}`,
    text: `${greeting(name)}\n\nSeu código de confirmação é: ${code}\n\nDigite-o na tela de confirmação de conta. Ele vale por ${ttlHours} horas e só pode ser usado uma vez.\n\nEquipe Copaíba`,
    html: layout(
      'Confirme sua conta',
      `<p>${escapeHtml(greeting(name))}</p><p>Seu código de confirmação é:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;color:#1f5130">${escapeHtml(code)}</p>
<p>Digite-o na tela de confirmação de conta. Ele vale por ${ttlHours} horas e só pode ser usado uma vez.</p><p>Equipe Copaíba</p>`,
    ),
  };
}

export function passwordResetMail(name: string, link: string, ttlMinutes: number): MailContent {
  return {
    subject: 'Redefinição de senha Copaíba',
    text: `${greeting(name)}\n\nRecebemos um pedido para redefinir sua senha. Abra o link abaixo para escolher uma nova senha:\n\n${link}\n\nO link vale por ${ttlMinutes} minutos e só pode ser usado uma vez. Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.\n\nEquipe Copaíba`,
    html: layout(
      'Redefinição de senha',
      `<p>${escapeHtml(greeting(name))}</p><p>Recebemos um pedido para redefinir sua senha.</p>
${button(link, 'Redefinir senha')}
<p style="font-size:13px;color:#5b6b5e">Ou copie este endereço: ${escapeHtml(link)}</p>
<p>O link vale por ${ttlMinutes} minutos e só pode ser usado uma vez. Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.</p><p>Equipe Copaíba</p>`,
    ),
  };
}

export function supportMail(contact: {
  name: string;
  email: string;
  message: string;
}): MailContent {
  return {
    replyTo: contact.email,
    subject: `Contato pelo site: ${contact.name}`,
    text: `Mensagem de ${contact.name} <${contact.email}>:\n\n${contact.message}`,
    html: layout(
      'Contato pelo site',
      `<p><strong>${escapeHtml(contact.name)}</strong> &lt;${escapeHtml(contact.email)}&gt; escreveu:</p>
<p style="white-space:pre-wrap">${escapeHtml(contact.message)}</p>`,
    ),
  };
}

/** A notification as a mail shows it: the presenter's text, the facts and quotes, a button. */
export interface NotificationMailContent {
  title: string;
  body: string;
  /** Label and value, e.g. ['Total', 'R$ 300,00']. */
  facts: Array<[string, string]>;
  /** Texts people wrote (a question, an answer), shown as typed. */
  quotes: Array<{ label: string; text: string }>;
  /** Absolute URL of the page to open, and the button's label. */
  action: { url: string; label: string } | null;
  /** Absolute URL of the preferences, when this kind's mail can be turned off. */
  preferencesUrl: string | null;
}

export function notificationMail(name: string, n: NotificationMailContent): MailContent {
  const text = [
    greeting(name),
    n.body,
    n.facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
    n.quotes.map((q) => `${q.label}:\n${q.text}`).join('\n\n'),
    n.action ? `${n.action.label}: ${n.action.url}` : '',
    'Equipe Copaíba',
    n.preferencesUrl
      ? `Para deixar de receber este aviso por e-mail, ajuste suas preferências: ${n.preferencesUrl}`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const facts = n.facts.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:8px 0 16px;border-collapse:collapse">${n.facts
        .map(
          ([label, value]) =>
            `<tr><td style="padding:8px 0;border-bottom:1px solid #e3ebe0;color:#5b6b5e">${escapeHtml(label)}</td><td style="padding:8px 0;border-bottom:1px solid #e3ebe0;text-align:right;font-weight:bold">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const quotes = n.quotes
    .map(
      (q) =>
        `<p style="margin:16px 0 4px;color:#5b6b5e;font-size:14px">${escapeHtml(q.label)}</p><blockquote style="margin:0;padding:12px 16px;background:#f4f7f2;border-left:4px solid #1f5130;white-space:pre-wrap">${escapeHtml(q.text)}</blockquote>`,
    )
    .join('');
  const footer = n.preferencesUrl
    ? `${escapeHtml(DEFAULT_FOOTER)}<br>Para deixar de receber este aviso por e-mail, <a href="${escapeHtml(n.preferencesUrl)}" style="color:#1f5130">ajuste suas preferências</a>.`
    : undefined;
  return {
    subject: n.title,
    text,
    html: layout(
      n.title,
      `<p>${escapeHtml(greeting(name))}</p><p>${escapeHtml(n.body)}</p>${facts}${quotes}${n.action ? button(n.action.url, n.action.label) : ''}<p>Equipe Copaíba</p>`,
      footer,
    ),
  };
}
