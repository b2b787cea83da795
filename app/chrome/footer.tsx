import { SubscribeForm } from "../forms/deferred.tsx";
import { paths } from "#core/lib/paths.ts";
import { AppLink } from "../ui/app-link.tsx";
import { Icon } from "../ui/icon.tsx";
import { Logo } from "./logo.tsx";
import { useSiteNav } from "../lib/use-site-config.ts";

export type FooterData = {
  phone: string;
  phoneLabel: string;
  email: string;
  address: string;
  /** Short legal name for the copyright line: ООО «…». */
  company: string;
  inn: string;
  ogrn: string;
  /** The agency's channels (Telegram, VK…), icon names from /assets/icons/. */
  channels: ReadonlyArray<{ name: string; icon: string; url: string }>;
  /** Copyright year, fixed by the loader so server and browser render the same. */
  year: number;
};

export function SiteFooter({ brand, data }: { brand: string; data: FooterData | undefined }) {
  const nav = useSiteNav();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__brand">
          <AppLink className="site-footer__logo" to={paths.home()} aria-label={`${brand} — на главную`}>
            <Logo brand={brand} />
          </AppLink>
          {data ? (
            <address className="site-footer__contacts">
              <a className="site-footer__phone" href={`tel:${data.phone}`}>
                {data.phoneLabel}
              </a>
              <a href={`mailto:${data.email}`}>{data.email}</a>
              <span className="site-footer__address">{data.address}</span>
            </address>
          ) : null}
          {data && data.channels.length > 0 ? (
            <ul className="site-footer__channels" role="list" aria-label="Мы в соцсетях">
              {data.channels.map((channel) => (
                <li key={channel.url}>
                  <AppLink className="site-footer__channel" to={channel.url} aria-label={channel.name}>
                    <Icon icon={channel.icon} size={22} />
                  </AppLink>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {nav.footer.map((column) => (
          <nav key={column.title} className="site-footer__column" aria-label={column.title}>
            <p className="site-footer__title">{column.title}</p>
            <ul role="list">
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
      <div className="container">
        <div className="site-footer__legal">
          <p className="site-footer__copyright">
            © {data ? `${data.year} ${data.company}` : brand}
            {data ? (
              <span className="site-footer__ids">
                ИНН {data.inn}, ОГРН {data.ogrn}
              </span>
            ) : null}
          </p>
          <nav aria-label="Документы">
            <ul className="site-footer__documents" role="list">
              {nav.legal.map((link) => (
                <li key={link.to}>
                  <AppLink to={link.to}>{link.label}</AppLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
