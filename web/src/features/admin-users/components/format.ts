/** Two letters for an avatar: initials of the name, else of the email. */
export const initialsOf = (name: string, email: string): string => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? words[0]![0]! + words[words.length - 1]![0]! : (words[0] ?? email).slice(0, 2);
  return letters.toUpperCase();
};
