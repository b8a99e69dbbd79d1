/**
 * What counts as an e-mail address a customer can give us: the usual dot-atom shape, with letters
 * of any script on both sides of the '@' ('zoë@exämple.com', internationalized addresses of
 * RFC 6531/6532) or a punycode domain ('zoe@xn--exmple-cua.com'). zod's own z.email() accepts
 * ASCII only. Pure; the address is checked as typed and never rewritten.
 */

// RFC 5322 atext, plus any letter, mark or digit of any script (RFC 6532)
const ATOM = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LABEL = String.raw`[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?`;
// a top-level domain is letters (of any script), or an A-label such as xn--p1ai
const TLD = String.raw`(?:[\p{L}\p{M}]{2,63}|xn--[a-z0-9-]{1,59})`;
const ADDRESS = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${TLD}$`, 'iu');

/** RFC 5321's limits: 64 characters before the '@', 254 in all. */
export const EMAIL_MAX = 254;
const LOCAL_MAX = 64;

export function isEmailAddress(value: string): boolean {
  if (value.length > EMAIL_MAX || !ADDRESS.test(value)) return false;
  return value.lastIndexOf('@') <= LOCAL_MAX;
}
