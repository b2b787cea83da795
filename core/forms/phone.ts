/**
 * Normalises a phone number as people type it in Russia to E.164:
 * "8 (912) 345-67-89", "+7 912 3456789", "912 345 67 89" → "+79123456789".
 * Foreign numbers are accepted with their "+" and country code.
 * Returns null when the input cannot be a phone number.
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  // Separators people use; anything else (letters, extensions) is not a number we can call.
  if (!/^\+?[\d\s()\-.]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) {
    if (digits.startsWith("7")) return digits.length === 11 ? `+${digits}` : null;
    return digits.length >= 8 && digits.length <= 15 && !digits.startsWith("0") ? `+${digits}` : null;
  }
  if (digits.length === 11 && (digits.startsWith("8") || digits.startsWith("7"))) return `+7${digits.slice(1)}`;
  // Ten digits are a Russian number without its country code (area codes start with 3, 4, 8 or 9).
  if (digits.length === 10 && /^[3489]/.test(digits)) return `+7${digits}`;
  return null;
}
