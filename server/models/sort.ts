/**
 * A sort key that puts Portuguese names in dictionary order on any engine: the default
 * "C" collation (PGlite, most containers) sorts "Márcia" after "Mudanças" and "Táxi"
 * after "Transporte". Accents are folded before case (lower() under "C" only knows ASCII); ties fall back to the
 * column itself and then to the id in each query.
 */
export function ptSortKey(column: string): string {
  return `lower(translate(${column}, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'))`;
}
