// An authenticator app, written from RFC 6238 (SHA-1, 6 digits, 30 s): what a staff member's
// phone computes from the secret the enrolment shows.
import { createHmac } from "node:crypto";

/** The secret and its parameters out of an otpauth:// URI. */
export function totpSecretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}

function base32Bytes(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let at = 0; at + 8 <= bits.length; at += 8)
    bytes.push(Number.parseInt(bits.slice(at, at + 8), 2));
  return Buffer.from(bytes);
}

export const TOTP_PERIOD_MS = 30_000;

/** The 30-second time step an instant falls in: what a code is counted by. */
export const totpStepAt = (at = Date.now()) => Math.floor(at / TOTP_PERIOD_MS);

/** The code of one time step: the one before, the current or the next (all three are valid). */
export const totpCodeOfStep = (base32Secret: string, step: number) =>
  totpCode(base32Secret, step * TOTP_PERIOD_MS);

export function totpCode(base32Secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const digest = createHmac("sha1", base32Bytes(base32Secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, "0");
}
