/** ILIKE substring pattern; %, _ and \ in the keyword match themselves. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
