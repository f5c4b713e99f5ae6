/**
 * A 5×7 bitmap font of the digits, for the box id under a code on a PNG label (no font renderer
 * on the server; box ids are digits only). Each glyph is seven rows of five pixels, `#` dark.
 */
const GLYPHS: Record<string, readonly string[]> = {
  '0': [' ### ', '#   #', '#  ##', '# # #', '##  #', '#   #', ' ### '],
  '1': ['  #  ', ' ##  ', '  #  ', '  #  ', '  #  ', '  #  ', ' ### '],
  '2': [' ### ', '#   #', '    #', '   # ', '  #  ', ' #   ', '#####'],
  '3': ['#####', '   # ', '  #  ', '   # ', '    #', '#   #', ' ### '],
  '4': ['   # ', '  ## ', ' # # ', '#  # ', '#####', '   # ', '   # '],
  '5': ['#####', '#    ', '#### ', '    #', '    #', '#   #', ' ### '],
  '6': ['  ## ', ' #   ', '#    ', '#### ', '#   #', '#   #', ' ### '],
  '7': ['#####', '    #', '   # ', '  #  ', ' #   ', ' #   ', ' #   '],
  '8': [' ### ', '#   #', '#   #', ' ### ', '#   #', '#   #', ' ### '],
  '9': [' ### ', '#   #', '#   #', ' ####', '    #', '   # ', ' ##  '],
};

/** Glyph size in font pixels, and the gap between glyphs. */
export const GLYPH = { width: 5, height: 7, gap: 1 } as const;

/** Width in font pixels of a row of digits. */
export function digitsWidth(text: string): number {
  return text.length === 0 ? 0 : text.length * (GLYPH.width + GLYPH.gap) - GLYPH.gap;
}

/** Calls `dot` for each dark font pixel of `text` (digits; anything else is left blank), left to right. */
export function eachDigitPixel(text: string, dot: (x: number, y: number) => void): void {
  [...text].forEach((character, index) => {
    const glyph = GLYPHS[character];
    if (!glyph) return;
    const left = index * (GLYPH.width + GLYPH.gap);
    glyph.forEach((line, y) => {
      for (let x = 0; x < GLYPH.width; x++) if (line[x] === '#') dot(left + x, y);
    });
  });
}
