/** Languages the site can highlight (core/content/highlight.server.ts; the server refuses others with a message). */
export const CODE_LANGUAGES = ["bash", "css", "html", "javascript", "json", "python", "sql", "typescript", "yaml"];
