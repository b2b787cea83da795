import { Outlet } from "react-router";

/** No header, no footer: documents meant to be read or printed on their own (/oferta/). */
export default function EmptyLayout() {
  return (
    <main id="main" className="site-main site-main--empty">
      <Outlet />
    </main>
  );
}
