/** The CLI's version, as its package.json says (kept in step by the cli test). */
export const version = '0.1.0';
