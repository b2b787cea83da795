import type { ReactNode } from "react";
import { Breadcrumbs, type Crumb } from "./breadcrumbs.tsx";

/** Breadcrumbs, the page's single h1 and its lead paragraph. */
export function PageHeader({
  title,
  lead,
  trail = [],
  crumb,
  children,
}: {
  title: string;
  lead?: string;
  trail?: readonly Crumb[];
  /** Label of the current page in breadcrumbs; defaults to the title. */
  crumb?: string;
  children?: ReactNode;
}) {
  return (
    <header className="page-header container">
      <Breadcrumbs trail={trail} current={crumb ?? title} />
      <h1>{title}</h1>
      {lead ? <p className="page-header__lead">{lead}</p> : null}
      {children}
    </header>
  );
}
