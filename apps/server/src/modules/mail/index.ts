/** The mail module's public face: what other modules may use. Everything else in the folder is private. */
export type { MailDispatcher } from './mail.dispatcher.ts';
export { type MailOutbox, mailsWithInvoice } from './mail.outbox.ts';
export {
  orderKeysMail,
  passwordResetMail,
  type RenderedMail,
  renderMail,
  verifyEmailMail,
} from './mail.templates.ts';
