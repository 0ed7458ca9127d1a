import nodemailer from "nodemailer";

// nodemailer: a mature SMTP client (TLS, AUTH, pooling) we would otherwise write by hand.
export async function sendMail(smtpUrl: string, message: { to: string; subject: string; text: string }) {
  const transport = nodemailer.createTransport(smtpUrl);
  const from = new URL(smtpUrl).searchParams.get("from") ?? "Guida <nao-responda@guida.local>";
  await transport.sendMail({ from, ...message });
}
