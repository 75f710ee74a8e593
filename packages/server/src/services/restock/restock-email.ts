/** What a back-in-stock signup receives (plain text: nothing user-supplied can run in it). */
export function restockEmail(input: {
  siteTitle: string;
  productTitle: string;
  attributes: Record<string, string>;
  url: string;
}): { subject: string; text: string } {
  const variant = Object.values(input.attributes).join(' / ');
  const name = variant ? `${input.productTitle} (${variant})` : input.productTitle;
  return {
    subject: `Back in stock: ${input.productTitle}`,
    text: [
      `Good news: ${name} is back in stock at ${input.siteTitle}.`,
      '',
      `Shop it here: ${input.url}`,
      '',
      'You are receiving this because you asked to be told when it was back in stock.',
    ].join('\n'),
  };
}
