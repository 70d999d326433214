/** The number on a cart badge: the pieces, or 99+ beyond (a badge has room for two figures). */
export function pieceBadge(pieces: number): string {
  return pieces > 99 ? '99+' : String(pieces);
}
