import type { Mail } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f7f2;font-family:Arial,Helvetica,sans-serif;color:#1d2b1f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#1f5130;color:#ffffff;padding:20px 28px;font-size:22px;font-weight:bold">Copaíba</td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#5b6b5e;background:#eef3ec">Você recebeu este e-mail porque seu endereço foi usado na Copaíba. Se não foi você, ignore esta mensagem.</td></tr>
</table></td></tr></table></body></html>`;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function confirmationMail(to: string, name: string, code: string, ttlHours: number): Mail {
  const greeting = `Olá, ${firstName(name)}!`;
  return {
    to,
    subject: `Seu código de confirmação Copaíba: ${code}`,
    text: `${greeting}\n\nSeu código de confirmação é: ${code}\n\nDigite-o na tela de confirmação de conta. Ele vale por ${ttlHours} horas e só pode ser usado uma vez.\n\nEquipe Copaíba`,
    html: layout(
      'Confirme sua conta',
      `<p>${escapeHtml(greeting)}</p><p>Seu código de confirmação é:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;color:#1f5130">${code}</p>
<p>Digite-o na tela de confirmação de conta. Ele vale por ${ttlHours} horas e só pode ser usado uma vez.</p><p>Equipe Copaíba</p>`,
    ),
  };
}

export function passwordResetMail(
  to: string,
  name: string,
  link: string,
  ttlMinutes: number,
): Mail {
  const greeting = `Olá, ${firstName(name)}!`;
  return {
    to,
    subject: 'Redefinição de senha Copaíba',
    text: `${greeting}\n\nRecebemos um pedido para redefinir sua senha. Abra o link abaixo para escolher uma nova senha:\n\n${link}\n\nO link vale por ${ttlMinutes} minutos e só pode ser usado uma vez. Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.\n\nEquipe Copaíba`,
    html: layout(
      'Redefinição de senha',
      `<p>${escapeHtml(greeting)}</p><p>Recebemos um pedido para redefinir sua senha.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1f5130;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">Redefinir senha</a></p>
<p style="font-size:13px;color:#5b6b5e">Ou copie este endereço: ${escapeHtml(link)}</p>
<p>O link vale por ${ttlMinutes} minutos e só pode ser usado uma vez. Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.</p><p>Equipe Copaíba</p>`,
    ),
  };
}

export function supportMail(
  to: string,
  contact: { name: string; email: string; message: string },
): Mail {
  return {
    to,
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
