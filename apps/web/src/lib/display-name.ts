// The characters rule of display names (spec 000 §5): letters and digits only, no spaces or
// special characters. The server checks the rest (length, reserved names, availability).
export function hasDisplayNameCharacters(name: string): boolean {
  return /^[\p{L}\p{Nd}]+$/u.test(name);
}
