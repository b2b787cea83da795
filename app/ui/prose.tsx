/** HTML rendered from Markdown at build time (trusted: it comes from the repo's content files). */
export function Prose({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `prose ${className}` : "prose"} dangerouslySetInnerHTML={{ __html: html }} />;
}
