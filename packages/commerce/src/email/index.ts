/**
 * The one e-mail address rule, shared by every browser validator (checkout, forms, newsletter,
 * restock, reviews, account, studio) and every server schema (`@store/api`'s `visitorEmail`,
 * form answers, owner and mail settings), so an address one form takes no other refuses.
 *
 * Internationalised addresses (RFC 6531: `jörg@bücher.de`, `用户@例子.中国`) are accepted
 * everywhere. Buyers own such addresses and a shop that takes their contact form but refuses
 * their order loses the sale. Sending to them works: nodemailer writes a Unicode domain as
 * punycode when the local part is ASCII (any relay accepts that) and asks for SMTPUTF8 when the
 * local part is not; a relay without SMTPUTF8 refuses that one message, which the outbox records
 * and retries like any other refusal, instead of the shop refusing the buyer up front.
 *
 * The format: `local@domain.tld`, 3 to 256 characters (spec §5 "Restock"), a local part of at most
 * 64 characters without spaces, markup or quoting characters and without a leading, trailing or
 * doubled dot; a domain of two or more labels of letters (any script), digits and inner hyphens,
 * each at most 63 characters, the last one not all digits. Quoted local parts and IP-literal
 * domains are not taken: nobody types them into a shop.
 */

export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;

const LOCAL = /^[^\s@<>()[\]\\,;:"]{1,64}$/u;
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u;

/** True when `value` (surrounding spaces ignored) is an e-mail address the store takes. */
export function isEmailAddress(value: string): boolean {
  const address = value.trim();
  if (address.length < EMAIL_MIN_LENGTH || address.length > EMAIL_MAX_LENGTH) return false;
  const at = address.lastIndexOf('@');
  if (at < 1) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (!LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..'))
    return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1] ?? '');
}
