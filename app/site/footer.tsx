import { SubscribeForm } from "../forms/subscribe-form.tsx";
import { paths } from "../lib/paths.ts";
import { AppLink } from "../ui/app-link.tsx";
import { FOOTER_NAV } from "./navigation.ts";

export type FooterData = {
  phone: string;
  phoneLabel: string;
  email: string;
  address: string;
  company: string;
  /** Copyright year, fixed by the loader so server and browser render the same. */
  year: number;
};

export function SiteFooter({ brand, data }: { brand: string; data: FooterData | undefined }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__brand">
          <AppLink className="site-footer__logo" to={paths.home()}>
            {brand}
          </AppLink>
          {data ? (
            <address className="site-footer__contacts">
              <a href={`tel:${data.phone}`}>{data.phoneLabel}</a>
              <a href={`mailto:${data.email}`}>{data.email}</a>
              <span>{data.address}</span>
            </address>
          ) : null}
        </div>
        {FOOTER_NAV.map((column) => (
          <nav key={column.title} className="site-footer__column" aria-label={column.title}>
            <p className="site-footer__title">{column.title}</p>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <AppLink to={link.to}>{link.label}</AppLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <SubscribeForm variant="footer" />
      </div>
      <div className="site-footer__legal container">
        <span>
          © {data ? `${data.company}, ${data.year}` : brand}
        </span>
      </div>
    </footer>
  );
}
