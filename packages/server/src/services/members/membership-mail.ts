/**
 * The mail a new member gets (free join at once, paid join with the paid order): the area's
 * name, the plan, and the link in. Plain text; the outbox adds the site's HTML look.
 */
export function membershipConfirmedMail(
  site: { siteTitle: string },
  membership: { areaName: string; planName: string; priceText: string; enterUrl: string; trialDays: number },
): { subject: string; text: string } {
  return {
    subject: `You are now a member of ${membership.areaName} at ${site.siteTitle}`,
    text: [
      `Welcome to ${membership.areaName}.`,
      '',
      `Your plan: ${membership.planName} (${membership.priceText}).`,
      ...(membership.trialDays > 0
        ? [
            `Your free trial has started: you are charged after ${membership.trialDays} days unless you cancel.`,
          ]
        : []),
      '',
      'Go in here (sign in with this e-mail address):',
      membership.enterUrl,
      '',
      'You can see and manage your membership in your account on the site.',
      '',
      site.siteTitle,
    ].join('\n'),
  };
}
