import { getEnv } from "../env";

/**
 * Account e-mails go by SMTP when SMTP_URL is set; otherwise to the server log, so a town
 * running Guida without e-mail can still help a resident by hand. `logged` is the log line's
 * own words (the link included): the tests and an operator read links there.
 */
async function send(to: string, subject: string, text: string, logged: string): Promise<void> {
  const smtpUrl = getEnv().SMTP_URL;
  if (!smtpUrl) {
    console.log(`[auth] ${logged}`);
    return;
  }
  const { sendMail } = await import("./smtp");
  await sendMail(smtpUrl, { to, subject, text });
}

export async function sendPasswordResetLink(to: string, link: string): Promise<void> {
  const text = `Olá!\n\nPara criar uma nova senha no Guida, abra o link abaixo (válido por 1 hora):\n\n${link}\n\nSe você não pediu isso, ignore este e-mail.\n`;
  await send(to, "Guida: redefinir sua senha", text, `password reset link for ${to}: ${link}`);
}

/** A new account's link, or the link that moves an account to a new address (`change`). */
export async function sendConfirmationLink(to: string, link: string, change: boolean): Promise<void> {
  const text = change
    ? `Olá!\n\nPara usar este e-mail na sua conta do Guida, abra o link abaixo (válido por 24 horas):\n\n${link}\n\nAté lá, a conta continua com o e-mail anterior. Se você não pediu isso, ignore este e-mail.\n`
    : `Olá!\n\nPara ativar sua conta no Guida, abra o link abaixo (válido por 24 horas):\n\n${link}\n\nSe você não criou uma conta, ignore este e-mail: sem o link, ninguém entra com este endereço.\n`;
  const subject = change ? "Guida: confirme seu novo e-mail" : "Guida: confirme seu e-mail";
  await send(to, subject, text, `e-mail confirmation link for ${to}: ${link}`);
}

/** Someone tried to create an account (or move one) to an address that already has one. */
export async function sendSignUpAttemptNotice(to: string, resetLink: string): Promise<void> {
  const text = `Olá!\n\nAlguém tentou criar uma conta no Guida com este e-mail, que já é da sua conta. Nada mudou nela.\n\nSe foi você e esqueceu a senha, crie uma nova aqui:\n\n${resetLink}\n\nSe não foi você, ignore este e-mail.\n`;
  await send(to, "Guida: tentativa de cadastro com seu e-mail", text, `sign-up attempt notice for ${to}`);
}
