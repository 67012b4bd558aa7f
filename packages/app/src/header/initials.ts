/** Up to two letters for the avatar: first and last word of the name, else the start of the username. */
export function initials(fullName: string, username: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[words.length - 1][0] : (words[0] ?? username.trim()).slice(0, 2);
  return letters.toUpperCase();
}
