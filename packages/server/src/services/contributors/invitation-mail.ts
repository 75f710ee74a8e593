/** The invitation to help run a site, as plain text (its HTML part is made from it when queued). */
export function invitationMail(input: { siteName: string; role: string; link: string }): {
  subject: string;
  text: string;
} {
  return {
    subject: `You are invited to help run ${input.siteName}`,
    text: [
      `You have been invited to help run ${input.siteName} as ${input.role}.`,
      '',
      'Accept the invitation here with this e-mail address (the link works once, for 7 days):',
      input.link,
      '',
      'If you did not expect this, ignore this message.',
    ].join('\n'),
  };
}
