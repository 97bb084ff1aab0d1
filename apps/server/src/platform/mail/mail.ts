/** One mail as the mailer sends it and the dev outbox keeps it. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The actionable links in the mail, kept by the dev outbox so a newcomer can click them. */
  links: string[];
}
