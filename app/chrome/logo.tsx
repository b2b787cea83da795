/**
 * The agency's mark: a landmark seen from above (a point inside a ring), the
 * same drawing as the favicon. The name beside it is live text in the site font.
 */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
      <circle cx="16" cy="16" r="7" fill="none" stroke="var(--color-on-accent)" strokeWidth="3" />
      <circle cx="16" cy="16" r="2" fill="var(--color-on-accent)" />
    </svg>
  );
}

export function Logo({ brand }: { brand: string }) {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo__name">{brand}</span>
    </span>
  );
}
