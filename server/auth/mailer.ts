import { getEnv } from "../env";

/**
 * Password-reset links go by SMTP when SMTP_URL is set; otherwise to the server log, so
 * a town running Guida without e-mail can still help a resident by hand.
 */
export async function sendPasswordResetLink(to: string, link: string): Promise<void> {
  const smtpUrl = getEnv().SMTP_URL;
  const subject = "Guida: redefinir sua senha";
  const text = `Olá!\n\nPara criar uma nova senha no Guida, abra o link abaixo (válido por 1 hora):\n\n${link}\n\nSe você não pediu isso, ignore este e-mail.\n`;
  if (!smtpUrl) {
    console.log(`[auth] password reset link for ${to}: ${link}`);
    return;
  }
  const { sendMail } = await import("./smtp");
  await sendMail(smtpUrl, { to, subject, text });
}
